import { randomUUID } from 'node:crypto';
import { expect, request as requests, test } from '@playwright/test';
import {
  ledger,
  packsReady,
  queuedCount,
  queuePosts,
  readPack,
  rightAnswer,
  workerEvents,
  type PackQuestion,
  type QueuedPost,
} from './offline-support';
import { READ_MS } from './answer-sheet';
import { startOwnServer, type OwnServer } from './own-server';
import { api, apiPlayer, loginByEmail } from './support';

// The server killed in the middle of a replay and started again (issue 7): a server of its own,
// on an embedded database that survives the kill. Every queued play applies, none twice.

let server: OwnServer;
let base: string;
/** Calls of submit_pack_play the running server has logged since it (re)started. */
let packPosts = 0;

test.beforeAll(async () => {
  server = await startOwnServer({
    // Request lines are how the test sees the replay begin.
    env: { LOG_LEVEL: 'info' },
    onStdout: (text) => (packPosts += text.split('/api/submit_pack_play').length - 1),
  });
  base = server.base;
});
test.afterAll(() => server.stop());

test('the server killed mid-sync and restarted: nothing lost, nothing doubled', async ({ browser }) => {
  test.setTimeout(120_000);
  const req = await requests.newContext({ baseURL: base });
  const p = await apiPlayer(req, 'Restart Player');
  const tf = await api(req, 'get_questions_by_type', { language_id: '1', type: '2' }, p.token);
  await api(req, 'set_bookmark', { question_id: String(tf.questions[0].id), status: '1' }, p.token);

  const context = await browser.newContext({ baseURL: base, viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  await loginByEmail(page, p.email, p.password);
  await packsReady(page);
  const fnl = await readPack(page, 'fun-and-learn');
  const daily = await readPack(page, 'daily-quiz');
  const marks = await readPack(page, 'bookmarks');
  await context.setOffline(true);

  // Every text played right, today's daily quiz, and the bookmark twenty times: made offline.
  const today = new Date().toISOString().slice(0, 10);
  const right = (qs: PackQuestion[]) => JSON.stringify(qs.map((q) => ({ question_id: q.id, answer: rightAnswer(q) })));
  const plays: Record<string, string>[] = [
    ...fnl.texts.map((t) => ({ kind: 'fun-and-learn', fun_n_learn_id: String(t.id), answers: right(t.questions) })),
    {
      kind: 'daily-quiz',
      date: today,
      timezone: 'UTC',
      answers: right(daily.days.find((d) => d.date === today)!.questions),
    },
    ...Array.from({ length: 20 }, () => ({ kind: 'bookmarks', answers: right([marks.bookmarks[0]!.question]) })),
  ];
  const versions = { 'fun-and-learn': fnl, 'daily-quiz': daily, bookmarks: marks } as const;
  const posts: QueuedPost[] = plays.map((f, i) => {
    const pack = versions[f.kind as keyof typeof versions] as unknown as { version: string; language_id: number };
    return {
      id: randomUUID(),
      action: 'submit_pack_play',
      fields: { ...f, language_id: String(pack.language_id), version: pack.version, session_id: randomUUID() },
      token: p.token,
      user_id: p.user.id,
      created_at: Date.now() + i,
      attempts: 0,
      label: 'offline play',
    };
  });
  await queuePosts(page, posts);
  // A person needs time to make these plays: the longest one's answers at a reader's pace since
  // the packs came (the server pays nothing for a pack play faster than a person can read it).
  await page.waitForTimeout(Math.max(...plays.map((f) => JSON.parse(f.answers!).length)) * READ_MS);

  // Back online: the replay starts; the server dies at its first post and comes back.
  await context.setOffline(false);
  await page.evaluate(async () => {
    const reg = (await navigator.serviceWorker.ready) as ServiceWorkerRegistration & {
      sync: { register(tag: string): Promise<void> };
    };
    await reg.sync.register('quizhub-outbox');
  });
  await expect.poll(() => packPosts, { timeout: 15_000, intervals: [5] }).toBeGreaterThan(0);
  const killed = server.process;
  killed.kill('SIGKILL');
  await new Promise((ok) => killed.once('exit', ok));
  expect(await queuedCount(page)).toBeGreaterThan(0);
  packPosts = 0;
  await server.restart();

  // The browser would retry in minutes; the test fires the sync now, until the queue is empty.
  const { sync } = await workerEvents(context, page);
  await expect
    .poll(
      async () => {
        await sync().catch(() => undefined);
        return queuedCount(page);
      },
      { timeout: 30_000, intervals: [500] },
    )
    .toBe(0);

  const texts = fnl.texts.filter((t) => t.questions.length > 0).length;
  const after = await ledger(req, p.token);
  expect(after.reasons.filter((r) => r === 'fun_n_learn_level')).toHaveLength(texts);
  expect(after.reasons.filter((r) => r === 'daily_quiz')).toHaveLength(1);
  expect(after.coins).toBe(10 + 5 * texts + 10);
  const stats = await api(req, 'get_users_statistics', {}, p.token);
  expect(stats.quizzes_played).toBe(posts.length);
  // Nothing was refused for good either.
  const failures = await page.evaluate(
    () =>
      new Promise<unknown>((ok) => {
        const r = indexedDB.open('quizhub-outbox', 1);
        r.onsuccess = () => {
          const g = r.result.transaction('meta').objectStore('meta').get('failures');
          g.onsuccess = () => ok(g.result ?? []);
        };
      }),
  );
  expect(failures).toEqual([]);
  await context.close();
  await req.dispose();
});
