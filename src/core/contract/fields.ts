import { z } from 'zod';
import { MOBILE_RE, compactMobile } from './formats';

/**
 * Field schemas shared by the actions. Multipart and urlencoded bodies carry every value as a
 * string, so numbers are parsed from strings strictly ("12" yes, "12abc", "" and "1e3" no).
 */
const INT_RE = /^-?\d{1,15}$/;

/** An integer field in [min, max], given as a number or a decimal string. */
export function intField(min: number, max: number) {
  return z.preprocess(
    (v) => (typeof v === 'string' && INT_RE.test(v.trim()) ? Number(v.trim()) : v),
    z.number({ error: 'must be a whole number' }).int().min(min).max(max),
  );
}

/** A row id: a positive integer. */
export const idField = intField(1, 2_147_483_647);

/**
 * A content language id; 0 means "the default language" (spec §9). Blank means absent, so the
 * default too: the reference web client sends `language_id=` when the language mode is off.
 */
export const languageIdField = z.preprocess(
  (v) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v),
  intField(0, 2_147_483_647).optional(),
);

/**
 * Trimmed text of bounded length, never empty. Line breaks are stored as "\n": a browser sends a
 * textarea's lines in a multipart body as "\r\n", which would count twice and split no paragraph.
 */
export function textField(max: number, min = 1) {
  return z.preprocess(
    (v) => (typeof v === 'string' ? v.replace(/\r\n?/g, '\n') : v),
    z
      .string({ error: 'must be text' })
      .trim()
      .min(min, { error: min === 1 ? 'is required' : `must be at least ${min} characters` })
      .max(max, { error: `must be at most ${max} characters` }),
  );
}

/** Optional text: an empty string counts as absent (the client sends fields only when set). */
export function optionalText(max: number) {
  return z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), textField(max).optional());
}

export const slugField = z
  .string({ error: 'must be text' })
  .trim()
  .max(80)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: 'must be a slug' });

export const emailField = z
  .string({ error: 'must be text' })
  .trim()
  .max(254)
  .toLowerCase()
  .pipe(z.email({ error: 'must be an email address' }));

export const mobileField = z.preprocess(
  (v) => (typeof v === 'string' ? compactMobile(v) : v),
  z.string({ error: 'must be text' }).regex(MOBILE_RE, { error: 'must include the country code' }),
);

export const passwordField = z
  .string({ error: 'must be text' })
  .min(8, { error: 'must be at least 8 characters' })
  .max(128, { error: 'must be at most 128 characters' });

export const codeField = z
  .string({ error: 'must be text' })
  .trim()
  .regex(/^\d{6}$/, { error: 'must be 6 digits' });

export const nameField = textField(60);

/** A JSON value sent as a string field (multipart) or as a JSON body value. */
export function jsonField<T extends z.ZodType>(inner: T, maxLength = 100_000) {
  return z.preprocess((v) => {
    if (typeof v !== 'string') return v;
    if (v.length > maxLength) return Symbol('too long');
    try {
      return JSON.parse(v) as unknown;
    } catch {
      return Symbol('not json');
    }
  }, inner);
}

/** "1"/"0"/true/false. */
export const flagField = z.preprocess(
  (v) => (v === '1' || v === 'true' ? true : v === '0' || v === 'false' ? false : v),
  z.boolean({ error: 'must be 0 or 1' }),
);

/**
 * `resume` of the play-opening actions: 1 hands back the player's open session of the same
 * play (same mode, language, category, subcategory and level, round or text), unfinished and
 * within its deadline, with what was recorded of it (`PlaySession.resumed`); else a new one.
 */
export const resumeField = flagField.optional();

/** Paging: offset ≥ 0, limit 1..100 (default 20). */
export const paging = {
  offset: intField(0, 1_000_000).default(0),
  limit: intField(1, 100).default(20),
};

/** An IANA zone name ("Asia/Kolkata"); unknown names fall back to `gmt_format`. */
export const timezoneField = z
  .string()
  .trim()
  .max(64)
  .regex(/^[A-Za-z0-9_+\-/]*$/, { error: 'must be a timezone' })
  .optional();
/** The player's UTC offset, "+05:30" or "-03:00" (UTC−12..UTC+14). */
export const gmtField = z.string().trim().max(12).optional();
