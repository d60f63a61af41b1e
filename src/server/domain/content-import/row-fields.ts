import { z } from 'zod';
import { QUESTION_TYPES } from '../../../core/contract';
import { MATCH_COLUMNS, OPTION_COLUMNS, type SourceRow } from './columns';

/** Bounds of an imported question's fields (the longest OpenTriviaQA question is ~700 characters). */
export const LIMITS = {
  question: 2000,
  option: 1000,
  explanation: 4000,
  name: 100,
  media: 500,
  level: 1000,
  marks: 100,
} as const;

// Tab and line breaks are text; other control characters (NUL above all, which PostgreSQL
// cannot store) are refused rather than silently dropped.
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

const text = (max: number) =>
  z
    .string()
    .default('')
    .transform((s) => s.replace(/\r\n?/g, '\n').trim())
    .pipe(
      z
        .string()
        .max(max, { error: `must be at most ${max} characters` })
        .refine((s) => !CONTROL.test(s), { error: 'contains a control character (such as NUL)' }),
    );

const wholeNumber = (min: number, max: number, fallback: number) =>
  z
    .string()
    .default('')
    .transform((s, ctx) => {
      const t = s.trim();
      if (t === '') return fallback;
      const n = /^\d{1,9}$/.test(t) ? Number(t) : NaN;
      if (Number.isNaN(n)) ctx.addIssue({ code: 'custom', message: 'must be a whole number' });
      else if (n < min) ctx.addIssue({ code: 'custom', message: `must be ${min} or more` });
      else if (n > max) ctx.addIssue({ code: 'custom', message: `must be ${max} or less` });
      return n;
    });

const yesNo = z
  .string()
  .default('')
  .transform((s) => s.trim().toLowerCase())
  .pipe(z.enum(['', '0', '1', 'true', 'false', 'yes', 'no'], { error: 'must be true or false' }))
  .transform((s) => s === '1' || s === 'true' || s === 'yes');

/** A media reference: a path on this site (no "//", no "..") or an https URL. */
const media = text(LIMITS.media).refine((s) => s === '' || /^(\/(?!\/)(?!.*\.\.)\S*|https:\/\/\S+)$/.test(s), {
  error: 'must be a path such as /media/x.png or an https:// URL',
});

const questionType = z
  .string()
  .default('')
  .transform((s) => s.trim().toLowerCase() || 'mcq')
  .pipe(z.enum(QUESTION_TYPES, { error: `must be one of ${QUESTION_TYPES.join(', ')}` }));

const languageCode = z
  .string()
  .default('')
  .transform((s) => s.trim().toLowerCase())
  .pipe(z.string().regex(/^([a-z]{2,3}(-[a-z0-9]{2,8})*)?$/, { error: 'must be a language code such as en' }));

const optionFields = Object.fromEntries(OPTION_COLUMNS.map((c) => [c, text(LIMITS.option)])) as Record<
  (typeof OPTION_COLUMNS)[number],
  ReturnType<typeof text>
>;
const matchFields = Object.fromEntries(MATCH_COLUMNS.map((c) => [c, text(LIMITS.option)])) as Record<
  (typeof MATCH_COLUMNS)[number],
  ReturnType<typeof text>
>;

/** The cells of a row, each checked and read on its own (the type's rules follow in question-row.ts). */
export const RowFields = z.object({
  question: text(LIMITS.question).pipe(z.string().min(1, { error: 'is required' })),
  type: questionType,
  ...optionFields,
  ...matchFields,
  answer: text(LIMITS.option),
  level: wholeNumber(1, LIMITS.level, 1),
  marks: wholeNumber(0, LIMITS.marks, 1),
  explanation: text(LIMITS.explanation),
  image: media,
  audio: media,
  latex: yesNo,
  category: text(LIMITS.name),
  subcategory: text(LIMITS.name),
  language: languageCode,
});
export type RowValues = z.output<typeof RowFields>;

/** A row's cells read, or its problems as "column: why". */
export function readRowFields(
  cells: SourceRow['cells'],
): { ok: true; values: RowValues } | { ok: false; errors: string[] } {
  const r = RowFields.safeParse(cells);
  if (r.success) return { ok: true, values: r.data };
  return { ok: false, errors: r.error.issues.map((i) => `${i.path.join('.') || 'row'}: ${i.message}`) };
}
