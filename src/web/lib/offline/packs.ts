import type {
  BookmarksPack,
  DailyQuizPack,
  FunAndLearnPack,
  Pack,
  PackKind,
  PlayQuestion,
  PlaySession,
  SoloMode,
} from '../../../core/contract';
import { localDate } from '../../../core/rules/local-time';
import { streakOf } from '../../../core/rules/daily-streak';
import { ApiError } from '../api-client';
import { uuid } from '../uuid';
import { browserTimezone, gmtOffset } from '../zone';
import { queuedPacks } from './outbox-client';

/**
 * Offline question packs on the page: loaded through the service worker (which serves them from
 * its cache when the network does not answer), kept in memory, and turned into the answers the
 * fun-and-learn, daily-quiz and bookmark screens ask the API for, so those screens work offline
 * unchanged. A play made from a pack is graded on the device for feedback and posted as
 * `submit_pack_play` (through the outbox) for the server to grade against the pack's version.
 */

interface Auth {
  token: string | null;
  languageId: number;
}

type PackOf<K extends PackKind> = Extract<Pack, { kind: K }>;

const memory = new Map<string, Pack>();

/**
 * The pack of a kind in a language: the one in memory, else (or with `fresh`) fetched — network
 * first, the worker's cache when offline. The offline answers take the one in memory: asking the
 * network again for each screen would wait out the worker's network timeout on a bad connection.
 */
export async function loadPack<K extends PackKind>(
  kind: K,
  auth: Auth,
  o: { fresh?: boolean } = {},
): Promise<PackOf<K> | null> {
  const key = `${kind}|${auth.languageId}`;
  if (!auth.token) return null;
  if (!o.fresh && memory.has(key)) return memory.get(key) as PackOf<K>;
  try {
    const url = `/api/packs/${kind}?lang=${auth.languageId}`;
    const init = { headers: { Authorization: `Bearer ${auth.token}` } };
    const res = await fetch(url, init);
    if (res.ok) {
      await keepForOffline(url, init, res);
      const body = (await res.json()) as { error: false; data: PackOf<K> };
      memory.set(key, body.data);
    }
  } catch {
    // Offline without a cached copy: the one in memory, if any.
  }
  return (memory.get(key) as PackOf<K> | undefined) ?? null;
}

const MEDIA_CACHE = 'quizhub-pack-media';
const PACKS_CACHE = 'quizhub-packs';

/**
 * A page the worker does not control (the first visit: the worker installs after the page has
 * loaded) fetches its packs past the worker, so the worker's cache never sees them: the page puts
 * them there itself, under the request the worker caches them by (its bearer included, for the
 * periodic refresh). A controlled page's fetch went through the worker, which cached it.
 */
async function keepForOffline(url: string, init: RequestInit, res: Response): Promise<void> {
  if (!('caches' in globalThis) || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  if (navigator.serviceWorker.controller) return;
  try {
    await (await caches.open(PACKS_CACHE)).put(new Request(new URL(url, location.href), init), res.clone());
  } catch {
    // Storage full or refused: the packs stay online-only this visit.
  }
}

/**
 * Fetches the three packs (revalidated by ETag: unchanged ones cost a 304) and the media their
 * questions use into the worker's media cache; returns the packs' sizes in bytes of JSON.
 */
export async function warmPacks(auth: Auth): Promise<Record<PackKind, number>> {
  const kinds: PackKind[] = ['fun-and-learn', 'daily-quiz', 'bookmarks'];
  const packs = await Promise.all(kinds.map((k) => loadPack(k, auth, { fresh: true })));
  const media = [...new Set(packs.flatMap((p) => p?.media ?? []))];
  if (media.length && 'caches' in globalThis) {
    const cache = await caches.open(MEDIA_CACHE);
    const missing: string[] = [];
    for (const url of media) if (!(await cache.match(url))) missing.push(url);
    // A few at a time; a missing file is not worth failing the rest for.
    for (let i = 0; i < missing.length; i += 6)
      await Promise.all(missing.slice(i, i + 6).map((u) => cache.add(u).catch(() => undefined)));
  }
  return Object.fromEntries(kinds.map((k, i) => [k, packs[i] ? JSON.stringify(packs[i]).length : 0])) as Record<
    PackKind,
    number
  >;
}

/** Logout: nothing of the player's packs stays in memory. */
export function forgetPacks(): void {
  memory.clear();
  plays.clear();
}

/** What `submit_pack_play` needs besides the session id and the answers. */
export type PackPlayFields = Record<string, string>;

// Plays opened from a pack, by their device-made session id.
const plays = new Map<string, PackPlayFields>();

/** The pack fields of a play opened from a pack; undefined for a server session. */
export function packPlayOf(sessionId: string): PackPlayFields | undefined {
  return plays.get(sessionId);
}

function session(
  pack: Pack,
  o: {
    mode: SoloMode;
    questions: PlayQuestion[];
    title: string;
    fields: Record<string, string | number | undefined>;
  } & Partial<Pick<PlaySession, 'category' | 'subcategory' | 'level' | 'comprehension' | 'daily_date'>>,
): PlaySession {
  const now = new Date();
  const id = uuid();
  const fields: PackPlayFields = { kind: pack.kind, language_id: String(pack.language_id), version: pack.version };
  for (const [k, v] of Object.entries(o.fields)) if (v !== undefined && v !== '') fields[k] = String(v);
  plays.set(id, fields);
  const seconds = pack.seconds_per_question;
  return {
    session_id: id,
    mode: o.mode,
    category: o.category ?? '',
    subcategory: o.subcategory ?? '',
    level: o.level ?? 0,
    max_level: 0,
    title: o.title,
    started_at: now.toISOString(),
    deadline: new Date(now.getTime() + seconds * o.questions.length * 1000).toISOString(),
    server_time: now.toISOString(),
    seconds_per_question: seconds,
    total_seconds: 0,
    rewards: o.mode !== 'bookmark',
    // Lifelines and hints are paid for on the server: none offline.
    lifelines: [],
    lifeline_cost: 0,
    hint_cost: 0,
    max_hints: 0,
    comprehension: o.comprehension ?? null,
    daily_date: o.daily_date ?? '',
    questions: o.questions,
  };
}

const notFound = () => new ApiError('not_found', 404, 'not_found');

/** The device's zone, as the daily quiz's post names it, and its local date now. */
function zone() {
  const timezone = browserTimezone();
  const now = new Date();
  return {
    timezone,
    gmt_format: gmtOffset(now),
    today: localDate(now, timezone ? { timezone } : { offsetMinutes: -now.getTimezoneOffset() }),
  };
}

/** Local dates of daily quizzes played and waiting in the outbox, or played before the pack. */
async function dailyPlayed(pack: DailyQuizPack): Promise<string[]> {
  const queued = (await queuedPacks()).filter((f) => f.kind === 'daily-quiz' && f.date).map((f) => f.date!);
  return [...new Set([...queued, ...pack.played])].sort().reverse();
}

async function funAndLearn(action: string, f: Record<string, unknown>, auth: Auth): Promise<unknown> {
  const pack = await loadPack('fun-and-learn', auth);
  if (!pack) return undefined;
  const p: FunAndLearnPack = pack;
  switch (action) {
    case 'get_categories':
      return p.categories;
    case 'get_subcategory_by_maincategory':
      return p.subcategories.filter((s) => s.category_slug === f.category_slug);
    case 'get_fun_n_learn': {
      const id = Number(f.type_id);
      return p.texts
        .filter((t) => (f.type === 'category' ? t.category_id === id : t.subcategory_id === id))
        .map(({ category: _c, subcategory: _s, category_id: _ci, subcategory_id: _si, questions: _q, ...t }) => t);
    }
    case 'get_fun_n_learn_questions': {
      const text = p.texts.find((t) => t.id === Number(f.fun_n_learn_id));
      if (!text) throw notFound();
      const { category, subcategory, category_id: _ci, subcategory_id: _si, questions, ...comprehension } = text;
      return session(p, {
        mode: 'fun_n_learn',
        questions,
        title: text.title,
        category,
        subcategory,
        level: 1,
        comprehension,
        fields: { fun_n_learn_id: text.id },
      });
    }
  }
  return undefined;
}

async function daily(action: string, auth: Auth): Promise<unknown> {
  const pack = await loadPack('daily-quiz', auth);
  if (!pack) return undefined;
  const z = zone();
  const played = await dailyPlayed(pack);
  if (action === 'get_daily_quiz_status')
    return { date: z.today, played: played.includes(z.today), result: null, streak: streakOf(played, z.today) };
  if (played.includes(z.today)) throw new ApiError('already_played', 409, 'already_played');
  const day = pack.days.find((d) => d.date === z.today);
  if (!day || day.questions.length === 0) throw notFound();
  return session(pack, {
    mode: 'daily_quiz',
    questions: day.questions,
    title: '',
    daily_date: day.date,
    fields: { date: day.date, timezone: z.timezone, gmt_format: z.gmt_format },
  });
}

async function bookmarks(action: string, f: Record<string, unknown>, auth: Auth): Promise<unknown> {
  const pack: BookmarksPack | null = await loadPack('bookmarks', auth);
  if (!pack) return undefined;
  const type = f.type === undefined || f.type === '' ? undefined : Number(f.type);
  const list = pack.bookmarks.filter((b) => type === undefined || b.type === type);
  if (action === 'get_bookmark') return list;
  if (list.length === 0) throw notFound();
  return session(pack, {
    mode: 'bookmark',
    questions: list.slice(0, Number(f.limit) || 50).map((b) => b.question),
    title: '',
    fields: { type },
  });
}

/**
 * The answer to `action` from the packs when the server cannot be reached; undefined when no
 * pack answers it (the call then fails as a network failure). Throws ApiError like the server.
 */
export async function offlineAnswer(action: string, f: Record<string, unknown>, auth: Auth): Promise<unknown> {
  const type = Number(f.type ?? 1);
  const languageId = Number(f.language_id) || auth.languageId;
  const a = { ...auth, languageId };
  if ((action === 'get_categories' || action === 'get_subcategory_by_maincategory') && type === 2)
    return funAndLearn(action, f, a);
  if (action === 'get_fun_n_learn' || action === 'get_fun_n_learn_questions') return funAndLearn(action, f, a);
  if (action === 'get_daily_quiz' || action === 'get_daily_quiz_status') return daily(action, a);
  if (action === 'get_bookmark' || action === 'get_bookmark_questions') return bookmarks(action, f, a);
  return undefined;
}
