import type { AdminContestDetail } from '../../../../core/contract';
import type { PickedQuestion } from './event-data';
import { toInputDateTime, wallClockIn } from './zones';

/** A row of the prize table editor: its rank is its place in the table (1, 2, 3…). */
export interface PrizeRow {
  coins: string;
}

/** What the contest form edits (text as typed; the schema reads it as the server does). */
export interface ContestValues {
  [key: string]: unknown;
  contest_id?: number;
  name: string;
  description: string;
  language_id: string;
  start_date: string;
  end_date: string;
  timezone: string;
  entry_fee: string;
  prizes: PrizeRow[];
  questions: PickedQuestion[];
  points_per_correct: string;
  seconds_per_question: string;
  speed_bonus: string;
}

/** A new contest: tomorrow at the next full hour for two hours, in the operator's zone. */
export function blankContest(zone: string, languageId: number | null): ContestValues {
  const hour = (minutes: number) => `${wallClockIn(zone, minutes).slice(0, 13)}:00`;
  return {
    name: '',
    description: '',
    language_id: languageId ? String(languageId) : '',
    start_date: hour(25 * 60),
    end_date: hour(27 * 60),
    timezone: zone,
    entry_fee: '0',
    prizes: [{ coins: '100' }, { coins: '50' }, { coins: '25' }],
    questions: [],
    points_per_correct: '4',
    seconds_per_question: '20',
    speed_bonus: '1',
  };
}

/** The form's values for a saved contest (its times in the zone it was read in). */
export function contestValues(c: AdminContestDetail): ContestValues {
  return {
    contest_id: c.id,
    name: c.name,
    description: c.description,
    language_id: String(c.language_id),
    start_date: toInputDateTime(c.start_local),
    end_date: toInputDateTime(c.end_local),
    timezone: c.timezone,
    entry_fee: String(c.entry_fee),
    prizes: c.prizes.map((p) => ({ coins: String(p.coins) })),
    questions: c.questions.map((q) => ({
      ...{ id: q.id, type: q.type, question: q.question },
      ...{ marks: String(q.marks), off: q.status === 0 },
    })),
    points_per_correct: String(c.points_per_correct),
    seconds_per_question: String(c.seconds_per_question),
    speed_bonus: c.speed_bonus ? '1' : '0',
  };
}

/** The values as admin_save_contest's fields (what its schema checks, here and on the server). */
export function contestInput(v: ContestValues): Record<string, unknown> {
  return {
    contest_id: v.contest_id,
    name: v.name,
    description: v.description,
    language_id: v.language_id,
    start_date: v.start_date,
    end_date: v.end_date,
    timezone: v.timezone,
    entry_fee: v.entry_fee,
    prizes: v.prizes.map((p, i) => ({ rank: i + 1, coins: p.coins })),
    questions: v.questions.map((q) => q.id),
    points_per_correct: v.points_per_correct,
    seconds_per_question: v.seconds_per_question,
    speed_bonus: v.speed_bonus,
  };
}

/**
 * What an edit sends: the fields that differ from the saved contest (a started one takes only
 * its name, description and image). A changed time travels with its zone; a new zone moves both
 * times (the same wall clock elsewhere is another instant).
 */
export function changedInput(next: Record<string, unknown>, saved: Record<string, unknown> | null) {
  if (!saved) return next;
  const out: Record<string, unknown> = { contest_id: next.contest_id };
  for (const [k, v] of Object.entries(next))
    if (k !== 'contest_id' && JSON.stringify(v) !== JSON.stringify(saved[k])) out[k] = v;
  if ('timezone' in out) Object.assign(out, { start_date: next.start_date, end_date: next.end_date });
  else if ('start_date' in out || 'end_date' in out) out.timezone = next.timezone;
  return out;
}
