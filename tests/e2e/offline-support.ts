import { expect, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import type { OutboxPost } from '../../src/core/offline/outbox-shape';
import { answerOf, READ_MS } from './answer-sheet';
import { api } from './support';

// Shared by the offline journeys: the packs the worker keeps, playing from them, the server's
// ledger, and the Background Sync event fired through CDP.

/** A pack's question: fun and learn's and bookmarks' with their answer, the daily quiz's sealed. */
export interface PackQuestion {
  id: number;
  question_type: string;
  question: string;
  options?: { id: string; text: string }[];
  answer?: string;
}

/** The question's answer: its own (a pack that carries keys), else the answer sheet's (a sealed one). */
export function rightAnswer(q: PackQuestion): string {
  return q.answer ?? answerOf(q);
}
export interface Packs {
  'fun-and-learn': { texts: { id: number; category: string; subcategory: string; questions: PackQuestion[] }[] };
  'daily-quiz': { days: { date: string; questions: PackQuestion[] }[] };
  bookmarks: { bookmarks: { question: PackQuestion }[] };
}

/** The worker controls the page and holds the three packs of the player. */
export async function packsReady(page: Page) {
  // The app registers its worker once the browser is idle after the first render.
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) await page.reload();
  await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller));
  await expect
    .poll(
      () =>
        page.evaluate(async () =>
          (await (await caches.open('quizhub-packs')).keys()).map((r) => new URL(r.url).pathname).sort(),
        ),
      { timeout: 15_000 },
    )
    .toEqual(['/api/packs/bookmarks', '/api/packs/daily-quiz', '/api/packs/fun-and-learn']);
}

export async function readPack<K extends keyof Packs>(page: Page, kind: K): Promise<Packs[K]> {
  return page.evaluate(async (k) => {
    const cache = await caches.open('quizhub-packs');
    const req = (await cache.keys()).find((r) => new URL(r.url).pathname === `/api/packs/${k}`)!;
    return ((await (await cache.match(req))!.json()) as { data: Packs[K] }).data;
  }, kind);
}

/**
 * Opens the first text of the demo's "Wild world" in fun and learn through its screens and plays
 * it right from the pack; answers the text played.
 */
export async function playFirstFunAndLearnText(page: Page, fnl: Packs['fun-and-learn']) {
  await page.goto('/fun-and-learn');
  await page.getByTestId('category-nature-reads').click();
  await page.getByTestId('subcategory-wild-world').click();
  const first = page.locator('[data-testid^="fnl-text-"]').first();
  const textId = Number((await first.getAttribute('data-testid'))!.replace('fnl-text-', ''));
  await first.click();
  await page.getByTestId('start-quiz').click();
  const text = fnl.texts.find((t) => t.id === textId)!;
  await playRight(page, text.questions);
  return text;
}

/** Answers the questions on screen right, in the order given (mcq and true/false). */
export async function playRight(page: Page, questions: PackQuestion[]) {
  for (let i = 0; i < questions.length; i++) {
    await expect(page.getByTestId('question-counter')).toContainText(`${i + 1}`);
    expect(['mcq', 'true_false']).toContain(questions[i]!.question_type);
    // A person reads the question first (the server pays nothing for a play faster than that).
    await page.waitForTimeout(READ_MS);
    await page.getByTestId(`option-${rightAnswer(questions[i]!)}`).click();
    // A sealed pack's verdict comes with the play's post: the screen says so.
    await expect(page.getByTestId('verdict').or(page.getByTestId('verdict-pending'))).toBeVisible();
    await page.getByTestId('next-question').click();
  }
  await expect(page.getByTestId('result')).toBeVisible();
}

export async function ledger(request: APIRequestContext, token: string) {
  const rows = (await api(request, 'get_tracker_data', { limit: '50' }, token)) as { reason: string; points: number }[];
  const user = await api(request, 'get_user_by_id', {}, token);
  return { coins: user.coins as number, reasons: rows.map((r) => r.reason).sort() };
}

/** The worker's events as the browser fires them, through CDP: the outbox's sync, the packs' periodic sync. */
export async function workerEvents(
  context: BrowserContext,
  page: Page,
): Promise<{ sync: (lastChance?: boolean) => Promise<unknown>; periodicSync: () => Promise<unknown> }> {
  const cdp = await context.newCDPSession(page);
  const regs: { registrationId: string; scopeURL: string }[] = [];
  cdp.on('ServiceWorker.workerRegistrationUpdated', (e) => regs.push(...e.registrations));
  await cdp.send('ServiceWorker.enable');
  await expect.poll(() => regs.length).toBeGreaterThan(0);
  const target = () => ({ origin: new URL(page.url()).origin, registrationId: regs[0]!.registrationId });
  return {
    sync: (lastChance = false) =>
      cdp.send('ServiceWorker.dispatchSyncEvent', { ...target(), tag: 'quizhub-outbox', lastChance }),
    periodicSync: () => cdp.send('ServiceWorker.dispatchPeriodicSyncEvent', { ...target(), tag: 'quizhub-packs' }),
  };
}

/** A result post as the outbox stores it. */
export type { OutboxPost as QueuedPost } from '../../src/core/offline/outbox-shape';

/** Puts posts straight into the page's outbox (many plays queued without playing each on screen). */
export async function queuePosts(page: Page, posts: OutboxPost[]) {
  await page.evaluate(async (list) => {
    const db = await new Promise<IDBDatabase>((ok, fail) => {
      const r = indexedDB.open('quizhub-outbox', 1);
      r.onupgradeneeded = () => {
        r.result.createObjectStore('posts', { keyPath: 'id' }).createIndex('created_at', 'created_at');
        r.result.createObjectStore('meta');
      };
      r.onsuccess = () => ok(r.result);
      r.onerror = () => fail(r.error);
    });
    await new Promise<void>((ok, fail) => {
      const tx = db.transaction('posts', 'readwrite');
      for (const p of list) tx.objectStore('posts').put(p);
      tx.oncomplete = () => ok();
      tx.onerror = () => fail(tx.error);
    });
    db.close();
  }, posts);
}

/** Posts waiting in the page's outbox. */
export function queuedCount(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((ok, fail) => {
        const r = indexedDB.open('quizhub-outbox', 1);
        r.onsuccess = () => {
          const c = r.result.transaction('posts').objectStore('posts').count();
          c.onsuccess = () => {
            r.result.close();
            ok(c.result);
          };
        };
        r.onerror = () => fail(r.error);
      }),
  );
}

/** The api_token of the page's session (the login on screen made its own), from its persisted state. */
export function pageToken(page: Page): Promise<string> {
  return page.evaluate(
    () =>
      new Promise<string>((ok, fail) => {
        const r = indexedDB.open('quizhub');
        r.onsuccess = () => {
          const g = r.result.transaction('state').objectStore('state').get('persist:root');
          g.onsuccess = () => {
            r.result.close();
            const root = JSON.parse(g.result as string) as { auth: string };
            ok((JSON.parse(root.auth) as { token: string }).token);
          };
        };
        r.onerror = () => fail(r.error);
      }),
  );
}
