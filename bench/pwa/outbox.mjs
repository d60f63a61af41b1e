// Part 3 of bench:pwa: the device comes back online with POSTS plays of the bookmarks pack waiting
// in the outbox (sw/outbox.ts); the time until the service worker has replayed them all (the
// store is empty), and the server's proof that each one was applied once.
import { loginOnScreen, post, signedUpPlayer } from '../../tests/screens/support.mjs';
import { persistentChromium, sleep } from './common.mjs';

/* global indexedDB */ // page.evaluate callbacks run in the page.

export const POSTS = 50;
const BOOKMARKS = 5;

/** The player's pack of `kind` as the server answers it now. */
async function fetchPack(base, token, kind) {
  const r = await fetch(`${base}/api/packs/${kind}?lang=1`, { headers: { authorization: `Bearer ${token}` } });
  const body = await r.json().catch(() => undefined);
  if (!r.ok || body?.error !== false)
    throw new Error(
      `GET /api/packs/${kind}: ${r.status} ${JSON.stringify(body)} (is dist/ older than the packs server? npm run build)`,
    );
  return body.data;
}

/**
 * One operation on the page's outbox, opened as sw/outbox.ts opens it (version 1, the stores made
 * if the app has not yet): `put` posts, `count` them, read the refusals kept to be shown.
 */
function outbox(page, op, posts = []) {
  return page.evaluate(
    async ({ op, posts }) => {
      const db = await new Promise((ok, fail) => {
        const r = indexedDB.open('quizhub-outbox', 1);
        r.onupgradeneeded = () => {
          r.result.createObjectStore('posts', { keyPath: 'id' }).createIndex('created_at', 'created_at');
          r.result.createObjectStore('meta');
        };
        r.onsuccess = () => ok(r.result);
        r.onerror = () => fail(r.error);
      });
      try {
        const store = op === 'failures' ? 'meta' : 'posts';
        return await new Promise((ok, fail) => {
          const tx = db.transaction(store, op === 'put' ? 'readwrite' : 'readonly');
          const s = tx.objectStore(store);
          let r;
          if (op === 'put') for (const p of posts) s.put(p);
          else r = op === 'count' ? s.count() : s.get('failures');
          tx.oncomplete = () => ok(r?.result);
          tx.onerror = () => fail(tx.error);
        });
      } finally {
        db.close();
      }
    },
    { op, posts },
  );
}

/**
 * The same kind of posts sent straight from Node, 4 at a time as the worker's replay sends them:
 * the server's share of the figure (one player's plays are graded one after another).
 */
async function sendDirect(base, posts) {
  const queue = [...posts];
  const t0 = performance.now();
  const worker = async () => {
    for (let p = queue.shift(); p; p = queue.shift()) {
      const form = new FormData();
      for (const [k, v] of Object.entries(p.fields)) form.append(k, v);
      const r = await fetch(`${base}/api/${p.action}`, {
        method: 'POST',
        body: form,
        headers: { authorization: `Bearer ${p.token}`, 'idempotency-key': p.id },
      });
      const body = await r.json();
      if (body.error) throw new Error(`${p.action}: ${JSON.stringify(body)}`);
    }
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
  return performance.now() - t0;
}

async function quizzesPlayed(base, token) {
  return (await post(base, 'get_users_statistics', { language_id: 1 }, token)).quizzes_played;
}

/**
 * `runs` times: offline, POSTS plays queued, back online (and a sync registered, as the page does
 * on its `online` event); the time from going online to an empty outbox. Each run checks that the
 * server counted POSTS more quizzes played and that none was refused, then sends POSTS more
 * straight from Node for the server's share.
 */
export async function measureReconnect({ base, runs }) {
  const player = await signedUpPlayer(base, 'pwa-outbox');
  const token = player.user.api_token;
  const chrome = await persistentChromium('outbox');
  try {
    const { context } = chrome;
    const page = context.pages()[0] ?? (await context.newPage());
    await loginOnScreen(page, base, player);
    // The worker registers when the page is idle and claims no open page: reload until it controls.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    for (let i = 0; !(await page.evaluate(() => Boolean(navigator.serviceWorker.controller))); i++) {
      if (i === 5) throw new Error('the service worker never took control of the page');
      await page.reload();
      await page.getByTestId('coins-badge').waitFor();
    }

    // A few bookmarked true/false questions: the bookmarks pack the queued plays answer.
    const session = await post(base, 'get_questions_by_type', { language_id: 1, type: 2 }, token);
    for (const q of session.questions.slice(0, BOOKMARKS))
      await post(base, 'set_bookmark', { question_id: q.id, status: 1 }, token);
    const pack = await fetchPack(base, token, 'bookmarks');
    if (pack.bookmarks.length < BOOKMARKS) throw new Error(`the bookmarks pack has ${pack.bookmarks.length} questions`);
    const answers = JSON.stringify(
      pack.bookmarks.map((b) => ({ question_id: b.question.id, answer: b.question.answer })),
    );
    // Plays of the pack as the app queues them (OutboxPost), each with its own session and key.
    const newPosts = () =>
      Array.from({ length: POSTS }, (_, i) => ({
        id: crypto.randomUUID(),
        action: 'submit_pack_play',
        fields: {
          kind: 'bookmarks',
          language_id: '1',
          version: pack.version,
          session_id: crypto.randomUUID(),
          answers,
        },
        token,
        user_id: player.user.id,
        created_at: Date.now() + i,
        attempts: 0,
        label: 'bench',
      }));

    const results = [];
    for (let run = 0; run < runs; run++) {
      const before = await quizzesPlayed(base, token);
      await context.setOffline(true);
      await outbox(page, 'put', newPosts());
      const queued = await outbox(page, 'count');
      if (queued !== POSTS) throw new Error(`${queued} posts queued, not ${POSTS}`);

      const t0 = performance.now();
      await context.setOffline(false);
      // Chromium fires a sync registered while offline on reconnect; none was (the posts were
      // written behind the app's back), so register it now, as the app's `online` handler does.
      await page.evaluate(async () => {
        await (await navigator.serviceWorker.ready).sync.register('quizhub-outbox');
      });
      let left = queued;
      let first = 0; // when the first post had left the queue: the worker woke up and sent
      while (left > 0) {
        if (performance.now() - t0 > 60_000) throw new Error(`${left} posts still queued after 60 s`);
        await sleep(20);
        left = await outbox(page, 'count');
        if (!first && left < queued) first = performance.now() - t0;
      }
      const ms = performance.now() - t0;

      const refused = (await outbox(page, 'failures')) ?? [];
      if (refused.length) throw new Error(`the server refused queued posts: ${JSON.stringify(refused[0])}`);
      const applied = (await quizzesPlayed(base, token)) - before;
      if (applied !== POSTS) throw new Error(`the server counted ${applied} quizzes played, not ${POSTS}`);
      const direct = await sendDirect(base, newPosts());
      console.log(
        `  run ${run + 1}/${runs}: ${POSTS} posts applied in ${ms.toFixed(0)} ms (first gone at ` +
          `${first.toFixed(0)} ms; server counted +${applied} quizzes played); straight from Node: ${direct.toFixed(0)} ms`,
      );
      results.push({ ms, first, direct });
    }
    return results;
  } finally {
    await chrome.close();
  }
}
