import type { RewardRules } from './reward-rules';

/** Every solo mode a play session can be opened in. */
export const SOLO_MODES = [
  'quiz_zone',
  'multi_match',
  'fun_n_learn',
  'guess_the_word',
  'audio',
  'maths',
  'true_false',
  'daily_quiz',
  'self_challenge',
  'bookmark',
] as const;
export type SoloMode = (typeof SOLO_MODES)[number];

export const LIFELINES = ['fifty_fifty', 'audience_poll', 'reset_timer', 'skip'] as const;
export type Lifeline = (typeof LIFELINES)[number];

/**
 * How a mode pays:
 * - `level`: coins on the first pass of a level (or round), score only beyond the best, and
 *   (when `locks`) the next level unlocks on a pass;
 * - `per_play`: coins and score for each rewarded play (daily quiz once a day, true/false a few
 *   times a day);
 * - `none`: statistics only.
 */
export type RewardKind = 'level' | 'per_play' | 'none';

export interface ModeRule {
  /** Seconds per question (self challenge: the player's minutes instead). */
  seconds: number;
  maxCoins: number;
  reward: RewardKind;
  /** Levels lock until the previous one is passed (quiz zone, multi-match). */
  locks: boolean;
  lifelines: readonly Lifeline[];
  /** Coins a hint costs and hints a question allows (guess the word). */
  hintCost: number;
  maxHints: number;
}

const ALL_LIFELINES = LIFELINES;

/** A mode's rule from the operator's constants. */
export function modeRule(mode: SoloMode, r: RewardRules): ModeRule {
  const base = { locks: false, lifelines: [] as readonly Lifeline[], hintCost: 0, maxHints: 0 };
  switch (mode) {
    case 'quiz_zone':
      return {
        ...base,
        seconds: r.quiz_zone_question_seconds,
        maxCoins: r.quiz_zone_max_coins,
        reward: 'level',
        locks: true,
        lifelines: ALL_LIFELINES,
      };
    case 'multi_match':
      return {
        ...base,
        seconds: r.multi_match_question_seconds,
        maxCoins: r.multi_match_max_coins,
        reward: 'level',
        locks: true,
      };
    case 'fun_n_learn':
      return { ...base, seconds: r.fun_n_learn_question_seconds, maxCoins: r.fun_n_learn_max_coins, reward: 'level' };
    case 'guess_the_word':
      return {
        ...base,
        seconds: r.guess_the_word_question_seconds,
        maxCoins: r.guess_the_word_max_coins,
        reward: 'level',
        hintCost: r.guess_the_word_hint_cost,
        maxHints: r.guess_the_word_max_hints,
      };
    case 'audio':
      return { ...base, seconds: r.audio_question_seconds, maxCoins: r.audio_max_coins, reward: 'level' };
    case 'maths':
      return { ...base, seconds: r.maths_question_seconds, maxCoins: r.maths_max_coins, reward: 'level' };
    case 'true_false':
      return {
        ...base,
        seconds: r.true_false_question_seconds,
        maxCoins: r.true_false_max_coins,
        reward: 'per_play',
        // 50/50 makes no sense with two options; the server refuses it per question.
        lifelines: ['audience_poll', 'reset_timer', 'skip'],
      };
    case 'daily_quiz':
      return {
        ...base,
        seconds: r.daily_quiz_question_seconds,
        maxCoins: r.daily_quiz_max_coins,
        reward: 'per_play',
        lifelines: ALL_LIFELINES,
      };
    case 'self_challenge':
      return { ...base, seconds: 0, maxCoins: 0, reward: 'none' };
    case 'bookmark':
      return { ...base, seconds: r.bookmark_question_seconds, maxCoins: 0, reward: 'none' };
  }
}

/** Why a lifeline may not be used now, or null when it may. */
export function lifelineRefusal(o: {
  lifeline: Lifeline;
  allowed: readonly Lifeline[];
  /** Lifelines already used in this session, with the question each was used on. */
  used: readonly { lifeline: Lifeline; question_id: number }[];
  questionId: number;
  questionType: string;
  isLastQuestion: boolean;
}): 'lifeline_used' | 'lifeline_not_allowed' | null {
  if (!o.allowed.includes(o.lifeline)) return 'lifeline_not_allowed';
  if (o.used.some((u) => u.lifeline === o.lifeline)) return 'lifeline_used';
  if (o.lifeline === 'fifty_fifty' && o.questionType !== 'mcq') return 'lifeline_not_allowed';
  if (o.lifeline === 'audience_poll' && !['mcq', 'true_false'].includes(o.questionType)) return 'lifeline_not_allowed';
  if ((o.lifeline === 'fifty_fifty' || o.lifeline === 'reset_timer') && o.questionType === 'word')
    return 'lifeline_not_allowed';
  const other = o.lifeline === 'fifty_fifty' ? 'audience_poll' : o.lifeline === 'audience_poll' ? 'fifty_fifty' : null;
  if (other && o.used.some((u) => u.lifeline === other && u.question_id === o.questionId))
    return 'lifeline_not_allowed';
  if (o.lifeline === 'skip' && o.isLastQuestion) return 'lifeline_not_allowed';
  return null;
}

/** Hints a word allows: never the whole word. */
export function hintsAllowed(word: string, maxHints: number): number {
  return Math.max(0, Math.min(maxHints, [...normalizeWord(word)].length - 1));
}

/**
 * A guessed word as graded: letters only, upper case, without Arabic diacritics or tatweel and
 * with the alef forms as one letter, so "new york", "New-York" and "NEWYORK" are one answer,
 * and so are "أسد" and "اسد".
 */
export function normalizeWord(s: string): string {
  return s
    .normalize('NFKC')
    .replace(/[\u064B-\u0652\u0670\u0640]/g, '')
    .replace(/[\u0622\u0623\u0625\u0671]/g, '\u0627')
    .toUpperCase()
    .replace(/[^\p{L}\p{N}]/gu, '');
}

function splitIds(s: string): string[] {
  return s
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
}

/** A match answer ("a:2,b:1") as sorted pairs, or null when a left item is paired twice. */
function matchPairs(s: string): string | null {
  const pairs = splitIds(s).map((p) => p.split(':').map((x) => x.trim()));
  const left = new Set(pairs.map((p) => p[0]));
  if (left.size !== pairs.length || pairs.some((p) => p.length !== 2 || !p[0] || !p[1])) return null;
  return pairs
    .map((p) => `${p[0]}:${p[1]}`)
    .sort()
    .join(',');
}

/**
 * The canonical form of an answer of a question type, the same on both sides:
 * mcq / true_false: an option id ("b"); multi_select: the option ids, sorted ("a,c");
 * sequence: the option ids in order ("c,a,b"); match: left:right pairs, sorted ("a:2,b:1");
 * word: the normalized word.
 */
export function canonicalAnswer(type: string, answer: string): string | null {
  switch (type) {
    case 'multi_select': {
      const ids = splitIds(answer);
      return new Set(ids).size === ids.length ? [...ids].sort().join(',') : null;
    }
    case 'sequence':
      return splitIds(answer).join(',');
    case 'match':
      return matchPairs(answer);
    case 'word':
      return normalizeWord(answer);
    default:
      return answer.trim();
  }
}

/** True when `given` is the answer `key` of a question of `type`. */
export function isCorrectAnswer(type: string, key: string, given: string | null): boolean {
  if (given === null) return false;
  const g = canonicalAnswer(type, given);
  return g !== null && g !== '' && g === canonicalAnswer(type, key);
}

/** `YYYY-MM-DD` of an instant in a timezone (IANA name or a fixed "+05:30"/"-03:00" offset). */
export function localDate(at: Date, zone: { timezone?: string; offsetMinutes?: number }): string {
  if (zone.timezone) {
    try {
      const parts = new Intl.DateTimeFormat('en-CA', {
        timeZone: zone.timezone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
      }).formatToParts(at);
      const get = (t: string) => parts.find((p) => p.type === t)!.value;
      return `${get('year')}-${get('month')}-${get('day')}`;
    } catch {
      // an unknown zone falls back to the offset
    }
  }
  return new Date(at.getTime() + (zone.offsetMinutes ?? 0) * 60_000).toISOString().slice(0, 10);
}

/** The UTC offset in minutes of a zone at an instant (IANA name, else the fixed offset). */
export function zoneOffsetMinutes(at: Date, zone: { timezone?: string; offsetMinutes?: number }): number {
  if (zone.timezone && isKnownTimezone(zone.timezone)) {
    const parts = new Intl.DateTimeFormat('en-US', {
      timeZone: zone.timezone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    }).formatToParts(at);
    const n = (t: string) => Number(parts.find((p) => p.type === t)!.value);
    const local = Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'));
    return Math.round((local - Math.floor(at.getTime() / 60_000) * 60_000) / 60_000);
  }
  return zone.offsetMinutes ?? 0;
}

/**
 * Whether a player may open a daily quiz for `today`, given their latest one. One per local
 * day; never a day before the latest; and a player whose UTC offset changed since waits
 * `zoneChangeHours` from the latest (moving across the date line cannot buy extra days).
 */
export function dailyQuizAllowed(
  today: string,
  offset: number,
  now: Date,
  latest: { date: string; offset: number; startedAt: Date } | undefined,
  zoneChangeHours = 20,
): boolean {
  if (!latest) return true;
  if (today <= latest.date) return false;
  if (offset === latest.offset) return true;
  return now.getTime() - latest.startedAt.getTime() >= zoneChangeHours * 3_600_000;
}

/** Minutes of a "+05:30" / "-0300" / "GMT+5" offset within UTC−12..UTC+14, or null. */
export function parseGmtOffset(s: string): number | null {
  const m = /^(?:GMT|UTC)?\s*([+-])(\d{1,2})(?::?(\d{2}))?$/i.exec(s.trim());
  if (!m) return null;
  const minutes = (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3] ?? 0));
  if (Number(m[3] ?? 0) >= 60 || minutes < -12 * 60 || minutes > 14 * 60) return null;
  return minutes;
}

/** True when `zone` is a timezone this runtime knows. */
export function isKnownTimezone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * An audience poll: the correct option gets the largest share (40–70 %), the others share the
 * rest; percentages add up to 100. `rand` is injected so tests can pin it.
 */
export function audiencePoll(
  optionIds: readonly string[],
  correct: string,
  rand: () => number = Math.random,
): { option_id: string; percent: number }[] {
  const others = optionIds.filter((id) => id !== correct);
  const top = 40 + Math.floor(rand() * 31);
  let rest = 100 - top;
  const shares = others.map((id, i) => {
    if (i === others.length - 1) return { option_id: id, percent: rest };
    const cap = Math.min(rest, top - 1);
    const p = Math.floor(rand() * (cap + 1) * 0.7);
    rest -= p;
    return { option_id: id, percent: p };
  });
  // A last share above the correct one would mislead: move the excess to the correct option.
  const out = [{ option_id: correct, percent: top }, ...shares];
  const maxOther = Math.max(0, ...shares.map((s) => s.percent));
  if (maxOther >= top) {
    const last = shares.at(-1)!;
    const excess = maxOther - top + 1;
    last.percent -= excess;
    out[0]!.percent += excess;
  }
  return optionIds.map((id) => out.find((o) => o.option_id === id)!);
}

/** Two wrong options to remove for 50/50 (fewer when fewer are wrong), chosen with `rand`. */
export function fiftyFiftyRemoval(
  optionIds: readonly string[],
  correct: string,
  rand: () => number = Math.random,
): string[] {
  const wrong = optionIds.filter((id) => id !== correct);
  const keep = wrong[Math.floor(rand() * wrong.length)];
  return wrong.filter((id) => id !== keep).slice(0, 2);
}
