import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page } from '@playwright/test';

/**
 * The tests' answer sheet: online sessions are sealed (no key before the answer), so a journey
 * that must answer right looks the answer up, by question text, in the demo content the server
 * was seeded from (the files, in their canonical answer form) — as a player who knows the quiz.
 */
const DEMO = fileURLToPath(new URL('../../src/server/db/seed/demo-content', import.meta.url));

let sheet: Map<string, string> | null = null;

/** As core/rules/answers.ts normalizes a word (the tests' project cannot import it). */
function normalizeWord(s: string): string {
  return s
    .normalize('NFKC')
    .replace(/[\u064B-\u0652\u0670\u0640]/g, '')
    .replace(/[\u0622\u0623\u0625\u0671]/g, '\u0627')
    .toUpperCase()
    .replace(/[^\p{L}\p{N}]/gu, '');
}

const LEFT = 'abcde';
const RIGHT = '12345';

/** A seed question's answer in its canonical form, as the seeding writes it (seed-modes.ts). */
function canonical(q: Record<string, unknown>): string | undefined {
  switch (q.type) {
    case 'mcq':
    case 'true_false':
      return LEFT[q.answer as number];
    case 'multi_select':
      return (q.answers as number[])
        .map((i) => LEFT[i]!)
        .sort()
        .join(',');
    case 'sequence':
      return (q.items as string[]).map((_, k) => LEFT[k]!).join(',');
    case 'match':
      return (q.pairs as string[][]).map((_, k) => `${LEFT[k]}:${RIGHT[k]}`).join(',');
    case 'word':
      return normalizeWord(q.answer as string);
  }
  return undefined;
}

/** What tells a question apart (some texts repeat with other options or another clip). */
function keyOf(question: string, optionTexts: readonly string[], audio = '', image = ''): string {
  return [question, [...optionTexts].sort().join('\u0002'), audio, image].join('\u0001');
}

function seedOptions(q: Record<string, unknown>): string[] {
  if (Array.isArray(q.options)) return q.options as string[];
  if (Array.isArray(q.items)) return q.items as string[];
  if (Array.isArray(q.pairs)) return (q.pairs as string[][]).map((p) => p[0]!);
  return [];
}

function walk(v: unknown, out: Map<string, string>): void {
  if (Array.isArray(v)) for (const x of v) walk(x, out);
  else if (v && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    const a = typeof o.question === 'string' ? canonical(o) : undefined;
    if (a !== undefined)
      out.set(keyOf(o.question as string, seedOptions(o), (o.audio as string) ?? '', (o.image as string) ?? ''), a);
    else for (const x of Object.values(o)) walk(x, out);
  }
}

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? files(p) : n.endsWith('.json') ? [p] : [];
  });
}

/** A question as a session shows it: enough to find it on the sheet. */
interface Shown {
  question: string;
  answer?: string;
  options?: { text: string }[];
  audio?: string;
  image?: string;
}

/** The canonical answer of a demo question, by its text, option texts and media. */
export function answerOf(q: Shown): string {
  if (!sheet) {
    sheet = new Map();
    for (const f of files(DEMO)) walk(JSON.parse(readFileSync(f, 'utf8')), sheet);
  }
  const texts = (q.options ?? []).map((o) => o.text);
  const a = sheet.get(keyOf(q.question, texts, q.audio ?? '', q.image ?? ''));
  if (a === undefined) throw new Error(`no answer on the sheet for: ${q.question}`);
  return a;
}

/** A session's questions with their answers filled in from the sheet (a pack's keep their own). */
export function withAnswers<S extends { questions: Shown[] }>(s: S): S {
  return { ...s, questions: s.questions.map((q) => ({ ...q, answer: q.answer ?? answerOf(q) })) };
}

/**
 * The session a page opens with `action` (the server's reply, once it comes), its answers filled
 * in from the sheet: sealed questions carry none, and the journey plays as a player who knows the
 * quiz. Start waiting before the click that opens it.
 */
export function openedSession<S extends { questions: Shown[] }>(page: Page, action: string): Promise<S> {
  return page
    .waitForResponse((r) => r.url().endsWith(`/api/${action}`) && r.request().method() === 'POST')
    .then(async (r) => {
      const body = await r.json();
      expect(r.status(), JSON.stringify(body)).toBe(200);
      return withAnswers(body.data as S);
    });
}

/**
 * How long a journey's player reads a question before answering, in real time: the server counts
 * an answer from the previous verdict on its own clock and pays none under its human floor
 * (300 ms), which a clock in the browser cannot move. Not what these journeys test.
 */
export const READ_MS = 400;

/** Waits as a player reading the question on screen does. */
export async function readQuestion(page: { waitForTimeout(ms: number): Promise<void> }): Promise<void> {
  await page.waitForTimeout(READ_MS);
}
