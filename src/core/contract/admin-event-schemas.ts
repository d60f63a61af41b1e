import { z } from 'zod';
import { isKnownTimezone } from '../rules/local-time';
import { flagField, idField, intField, jsonField, textField } from './fields';
import { zonedToUtc } from './zoned-time';

/**
 * The fields of the console's contest and exam forms: a contest's start and end as a wall-clock
 * time in a named zone (read as instants here, so the form shows the same errors as the server),
 * its prize table and questions; an exam's days, key, duration and questions with their marks.
 */

const MAX_PRIZE_RANKS = 100;
const MAX_CONTEST_QUESTIONS = 200;
const MAX_EXAM_QUESTIONS = 500;
export const EXAM_KEY_MIN_LENGTH = 4;

/** An IANA zone the server knows ("Asia/Kolkata", "UTC"). */
export const zoneField = z
  .string({ error: 'must be text' })
  .trim()
  .max(64)
  .regex(/^[A-Za-z0-9_+\-/]+$/, { error: 'must be a timezone such as Asia/Kolkata' })
  .refine(isKnownTimezone, { error: 'is not a known timezone' });

const LOCAL_DATE_TIME_RE = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2})?$/;
const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

/** A wall-clock date-time without a zone: "2030-01-15 09:00" or "2030-01-15T09:00:00". */
const localDateTimeField = z
  .string({ error: 'must be text' })
  .trim()
  .regex(LOCAL_DATE_TIME_RE, { error: 'must be a date and time (YYYY-MM-DD HH:mm)' })
  .refine((v) => zonedToUtc(v, 'UTC') !== null, { error: 'is not a real date and time' });

/** A calendar date, "2030-01-15". */
const dateField = z
  .string({ error: 'must be text' })
  .trim()
  .regex(DATE_RE, { error: 'must be a date (YYYY-MM-DD)' })
  .refine((v) => zonedToUtc(`${v} 00:00`, 'UTC') !== null, { error: 'is not a real date' });

/** A JSON array (or "1,2,3") of distinct items. */
function listField<T extends z.ZodType>(item: T, max: number) {
  return z.preprocess(
    (v) => (typeof v === 'string' && /^\s*\d+(\s*,\s*\d+)*\s*$/.test(v) ? v.split(',').map((x) => x.trim()) : v),
    jsonField(z.array(item).min(1, { error: 'needs at least one question' }).max(max), 50_000),
  );
}

function distinct<T>(key: (x: T) => number) {
  return (xs: T[], ctx: z.RefinementCtx) => {
    const seen = new Set<number>();
    xs.forEach((x, i) => {
      if (seen.has(key(x))) ctx.addIssue({ code: 'custom', path: [i], message: 'is listed twice' });
      seen.add(key(x));
    });
  };
}

const contestQuestions = listField(idField, MAX_CONTEST_QUESTIONS).superRefine(distinct((id: number) => id));

/** Exam questions: ids, or `{question_id, marks}` to set a question's marks. */
const examQuestions = listField(
  z.union([idField, z.object({ question_id: idField, marks: intField(1, 100).optional() })]),
  MAX_EXAM_QUESTIONS,
)
  .transform((xs) => xs.map((x) => (typeof x === 'number' ? { question_id: x, marks: undefined } : x)))
  .superRefine(distinct((x: { question_id: number }) => x.question_id));

/** The prize table: `[{rank, coins}]` with ranks 1..n each once, or the coins by rank `[100, 50]`. */
const prizeTable = jsonField(
  z.preprocess(
    (v) => (Array.isArray(v) ? v.map((x, i) => (typeof x === 'object' ? x : { rank: i + 1, coins: x })) : v),
    z
      .array(z.object({ rank: intField(1, 1000), coins: intField(1, 10_000_000) }))
      .max(MAX_PRIZE_RANKS)
      .superRefine((xs, ctx) => {
        const ranks = xs.map((p) => p.rank).sort((a, b) => a - b);
        if (ranks.some((r, i) => r !== i + 1))
          ctx.addIssue({ code: 'custom', message: 'ranks must run 1, 2, 3… with no gap or repeat' });
      })
      .transform((xs) => [...xs].sort((a, b) => a.rank - b.rank)),
  ),
  20_000,
);

/** Fields a new one must have (an edit sends only what it changes). */
function required(keys: readonly string[], idKey: string) {
  return (v: Record<string, unknown>, ctx: z.RefinementCtx) => {
    if (v[idKey] === undefined)
      for (const k of keys) if (v[k] === undefined) ctx.addIssue({ code: 'custom', path: [k], message: 'is required' });
    if ((v.start_date !== undefined || v.end_date !== undefined) && v.timezone === undefined)
      ctx.addIssue({ code: 'custom', path: ['timezone'], message: 'is required with a date' });
  };
}

/** A contest's start and end in its zone: each must exist there, and the end come after the start. */
function contestTimes(
  v: { start_date?: string; end_date?: string; timezone?: string },
  ctx: z.RefinementCtx,
): { starts_at?: Date; ends_at?: Date } {
  if (!v.timezone) return {};
  const at = (k: 'start_date' | 'end_date') => {
    const local = v[k];
    if (local === undefined) return undefined;
    const d = zonedToUtc(local, v.timezone!);
    if (!d) ctx.addIssue({ code: 'custom', path: [k], message: `does not exist in ${v.timezone} (the clocks change)` });
    return d ?? undefined;
  };
  const starts_at = at('start_date');
  const ends_at = at('end_date');
  if (starts_at && ends_at && ends_at <= starts_at)
    ctx.addIssue({ code: 'custom', path: ['end_date'], message: 'must be after the start' });
  return { starts_at, ends_at };
}

export const contestSaveSchema = z
  .object({
    contest_id: idField.optional(),
    language_id: idField.optional(),
    name: textField(120).optional(),
    description: z.string({ error: 'must be text' }).trim().max(2000).optional(),
    start_date: localDateTimeField.optional(),
    end_date: localDateTimeField.optional(),
    timezone: zoneField.optional(),
    entry_fee: intField(0, 1_000_000).optional(),
    prizes: prizeTable.optional(),
    questions: contestQuestions.optional(),
    points_per_correct: intField(0, 1000).optional(),
    speed_bonus: flagField.optional(),
    seconds_per_question: intField(5, 600).optional(),
    /** Takes the image away (an uploaded `image` file replaces it). */
    remove_image: flagField.optional(),
  })
  .superRefine(required(['language_id', 'name', 'start_date', 'end_date', 'timezone', 'questions'], 'contest_id'))
  .transform((v, ctx) => ({ ...v, ...contestTimes(v, ctx) }));

export const examSaveSchema = z
  .object({
    exam_id: idField.optional(),
    language_id: idField.optional(),
    title: textField(200).optional(),
    /** The rules text shown before the key. */
    description: z.string({ error: 'must be text' }).trim().max(10_000).optional(),
    exam_key: textField(64, EXAM_KEY_MIN_LENGTH).optional(),
    start_date: dateField.optional(),
    /** The last day it is open (the start day when left out). */
    end_date: dateField.optional(),
    /** The operator's zone: what "today" is for a date in the past. */
    timezone: zoneField.optional(),
    duration: intField(1, 1440).optional(),
    questions: examQuestions.optional(),
  })
  .superRefine(
    required(['language_id', 'title', 'exam_key', 'start_date', 'timezone', 'duration', 'questions'], 'exam_id'),
  )
  .superRefine((v, ctx) => {
    if (v.start_date && v.end_date && v.end_date < v.start_date)
      ctx.addIssue({ code: 'custom', path: ['end_date'], message: 'must not be before the start date' });
  });
