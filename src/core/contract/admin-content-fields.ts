import { z } from 'zod';
import { intField, optionalText, textField } from './fields';
import { CATEGORY_TYPES } from './quiz';

/** Field schemas of the operator console's content actions. */

/** Largest category or question image upload (re-encoded to WebP on the server). */
export const CONTENT_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** Largest question audio upload (MP3, OGG, M4A or WAV, checked by its bytes). */
export const CONTENT_AUDIO_MAX_BYTES = 8 * 1024 * 1024;
/** Largest import file (the importer reads a file in memory; it refuses larger ones too). */
export const CONTENT_IMPORT_MAX_BYTES = 10 * 1024 * 1024;
/** Questions a day's daily quiz may hold. */
export const DAILY_QUIZ_MAX_QUESTIONS = 50;

export const searchField = optionalText(100);
export const orderField = z.enum(['asc', 'desc']);
export const statusFilter = z.enum(['all', 'active', 'inactive']).default('all');
export const statusField = intField(0, 1);
/** Every kind of category by name: the six modes, and the question banks of exams (7) and contests (8). */
const CATEGORY_KINDS: Record<string, number> = { ...CATEGORY_TYPES, exam: 7, contest: 8 };

/** A mode or question bank: its number (1–8) or name (quiz_zone, guess_the_word, ..., exam, contest). */
export const categoryType = z.preprocess(
  (v) => (typeof v === 'string' && Object.hasOwn(CATEGORY_KINDS, v) ? CATEGORY_KINDS[v] : v),
  intField(1, 8),
);
/** An id, or 0 for none (to take a question out of its subcategory, say). */
export const idOrNone = intField(0, 2_147_483_647);
export const contentName = textField(100);
export const sortField = intField(-1_000_000, 1_000_000);
/** A path on this site (/media/..., /images/...) or an https URL; '' for none. */
export const mediaRef = z
  .string({ error: 'must be text' })
  .trim()
  .max(500)
  .regex(/^(\/(?!\/)(?!.*\.\.)\S*|https:\/\/\S+)?$/, {
    error: 'must be a path such as /media/x.png or an https:// URL',
  });
export const dateField = z
  .string({ error: 'must be a date' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'must be a date (YYYY-MM-DD)' })
  .refine(
    (d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d),
    {
      error: 'must be a real date',
    },
  );
/** A cell of the question layout as sent (numbers and flags of a JSON body taken as text). */
export const cell = z.preprocess(
  (v) => (typeof v === 'number' || typeof v === 'boolean' ? String(v) : v),
  z.string({ error: 'must be text' }).max(5000, { error: 'must be at most 5000 characters' }),
);
export const optionCells = Object.fromEntries(
  [
    'option_a',
    'option_b',
    'option_c',
    'option_d',
    'option_e',
    'match_a',
    'match_b',
    'match_c',
    'match_d',
    'match_e',
  ].map((c) => [c, cell.optional()]),
) as Record<`${'option' | 'match'}_${'a' | 'b' | 'c' | 'd' | 'e'}`, z.ZodOptional<typeof cell>>;

export const imageFile = { image_file: CONTENT_IMAGE_MAX_BYTES };
