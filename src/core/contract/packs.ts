import { z } from 'zod';
import { action } from './define';
import { gmtField, idField, intField, jsonField, languageIdField, timezoneField } from './fields';
import type { Bookmark } from './solo';
import type { Category, Comprehension, PlayQuestion, QuizResult, Subcategory } from './quiz';

/**
 * Offline question packs (ARCHITECTURE §3, §7): `GET /api/packs/<kind>?lang=<language_id>` with
 * a bearer token, answered in the usual envelope with a strong ETag (`"<version>"`) and
 * `Cache-Control: private, no-cache`; `If-None-Match` with the current version answers 304.
 * A pack carries what the three offline modes' screens ask for and the media its questions use;
 * fun and learn and bookmarks with their answers (a play of them pays only when plausible), the
 * daily quiz without (issue 21 §3). The server keeps each version's answer key,
 * so a play of a pack is graded against the version the device played (`submit_pack_play`).
 */
export const PACK_KINDS = ['fun-and-learn', 'daily-quiz', 'bookmarks'] as const;
export type PackKind = (typeof PACK_KINDS)[number];

/** Days before the player's local today a daily quiz played offline may still be posted. */
export const DAILY_PACK_LATE_DAYS = 2;
/** At most this many fun-and-learn texts and bookmarks go into a pack (storage stays bounded). */
export const PACK_MAX_TEXTS = 60;
export const PACK_MAX_BOOKMARKS = 100;

interface PackBase {
  kind: PackKind;
  /** A hash of the pack's content: the ETag, and what `submit_pack_play` names as `version`. */
  version: string;
  language_id: number;
  generated_at: string;
  /**
   * Same-origin paths of the images and audio the pack's questions and categories use: uploads
   * (`/media/...`) and the demo content's static files (`/images/...`, `/audio/...`).
   */
  media: string[];
  /** The session parameters the device plays with offline (the mode's rule). */
  seconds_per_question: number;
}

/** A fun-and-learn text with its questions (answers included). */
export interface PackText extends Comprehension {
  category: string;
  subcategory: string;
  category_id: number;
  subcategory_id: number;
  questions: PlayQuestion[];
}

export interface FunAndLearnPack extends PackBase {
  kind: 'fun-and-learn';
  /** As get_categories with type 2 answers them (premium ones the player has not unlocked left out). */
  categories: Category[];
  /** As get_subcategory_by_maincategory answers them, for every category above. */
  subcategories: Subcategory[];
  texts: PackText[];
}

export interface DailyPackDay {
  /** A local calendar date, `YYYY-MM-DD`. */
  date: string;
  questions: PlayQuestion[];
}

export interface DailyQuizPack extends PackBase {
  kind: 'daily-quiz';
  /**
   * The days some zone has reached (core/rules/daily-pack-days): the server's UTC date −1, the
   * UTC date, and the next from 10:00 UTC (midnight at UTC+14). Sealed: the daily quiz pays
   * coins, so its questions come without answer or explanation; the device shows the verdicts
   * once submit_pack_play has graded the play.
   */
  days: DailyPackDay[];
  /**
   * Local dates the player has a daily quiz for, newest first: played, or opened online and not
   * submitted. A play of one of them posted answers already_played.
   */
  played: string[];
}

export interface BookmarksPack extends PackBase {
  kind: 'bookmarks';
  /** As get_bookmark answers them (every mode), newest first. */
  bookmarks: Bookmark[];
}

export type Pack = FunAndLearnPack | DailyQuizPack | BookmarksPack;

/** A `YYYY-MM-DD` that names a real day (not 2024-02-30). */
function isCalendarDate(d: string): boolean {
  const t = Date.parse(`${d}T00:00:00Z`);
  return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === d;
}

const answerItem = z.object({
  question_id: idField,
  answer: z.string().max(200).nullable(),
  /** Milliseconds the device showed the question before this answer (the plausibility check). */
  elapsed_ms: intField(0, 86_400_000).optional(),
});

export const packActions = {
  /**
   * A play of a pack made on the device (offline, or online from the pack), graded by the server
   * against the pack version named: coins, score, progress and statistics as the mode's online
   * play would give them, once. `session_id` is made by the device when the play starts; a
   * repeat (same player, same id) answers the stored result and changes nothing.
   */
  submit_pack_play: action<QuizResult>()({
    input: z.object({
      kind: z.enum(PACK_KINDS, { error: 'must be a pack kind' }),
      language_id: languageIdField,
      version: z
        .string({ error: 'must be a pack version' })
        .regex(/^[A-Za-z0-9_-]{8,64}$/, { error: 'must be a pack version' }),
      session_id: z.uuid({ error: 'must be a session id' }),
      /** Fun and learn: the text played. */
      fun_n_learn_id: idField.optional(),
      /** Daily quiz: the player's local date when they played. */
      date: z
        .string()
        .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'must be a date YYYY-MM-DD' })
        .refine(isCalendarDate, { error: 'must be a date YYYY-MM-DD' })
        .optional(),
      timezone: timezoneField,
      gmt_format: gmtField,
      /** Bookmarks: the mode filter played (1–6), absent for all. */
      type: intField(1, 6).optional(),
      answers: jsonField(z.array(answerItem).max(200)),
    }),
    access: 'user',
    mutates: true,
  }),
};
