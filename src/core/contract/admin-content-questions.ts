import { z } from 'zod';
import { action } from './define';
import { flagField, idField, intField, jsonField, paging, textField } from './fields';
import { QUESTION_TYPES, type QuestionOption, type QuestionType } from './quiz';
import {
  CONTENT_AUDIO_MAX_BYTES,
  categoryType,
  DAILY_QUIZ_MAX_QUESTIONS,
  cell,
  dateField,
  idOrNone,
  imageFile,
  mediaRef,
  optionCells,
  orderField,
  searchField,
  sortField,
  statusField,
  statusFilter,
} from './admin-content-fields';

/** The console's questions of every type, fun-and-learn texts and the daily quiz schedule (issue 8). */

export interface AdminQuestion {
  id: number;
  language_id: number;
  category_id: number;
  category_name: string;
  category_type: number;
  subcategory_id: number | null;
  subcategory_name: string;
  /** The fun-and-learn text it is about, if any. */
  comprehension_id: number | null;
  type: QuestionType;
  question: string;
  options: QuestionOption[];
  match_options: QuestionOption[];
  /** Canonical answer, as PlayQuestion.answer. */
  answer: string;
  explanation: string;
  image: string;
  audio: string;
  latex: boolean;
  level: number;
  marks: number;
  status: 0 | 1;
  created_at: string;
  open_reports: number;
}

/** One question with its answer in the form's (and the import layout's) cells: option_a, answer letters... */
export interface AdminQuestionDetail extends AdminQuestion {
  fields: Record<string, string>;
}

export interface AdminFunText {
  id: number;
  language_id: number;
  category_id: number;
  category_name: string;
  subcategory_id: number | null;
  slug: string;
  title: string;
  detail: string;
  video_url: string;
  sort: number;
  status: 0 | 1;
  questions: number;
}

export interface AdminDailyQuiz {
  language_id: number;
  date: string;
  question_ids: number[];
  questions: { id: number; question: string; type: QuestionType; status: 0 | 1 }[];
}

export const adminQuestionActions = {
  admin_get_questions: action<AdminQuestion[]>()({
    input: z.object({
      ...paging,
      language_id: idField.optional(),
      category_id: idField.optional(),
      subcategory_id: idField.optional(),
      comprehension_id: idField.optional(),
      /** The mode or question bank (8: contests, 7: exams): what an event's question picker lists. */
      category_type: categoryType.optional(),
      type: z.enum(QUESTION_TYPES).optional(),
      level: intField(1, 1000).optional(),
      status: statusFilter,
      search: searchField,
      sort: z.enum(['id', 'level', 'created']).default('id'),
      order: orderField.default('desc'),
    }),
    access: 'admin',
    mutates: false,
  }),
  admin_get_question: action<AdminQuestionDetail>()({
    input: z.object({ id: idField }),
    access: 'admin',
    mutates: false,
  }),
  /**
   * Creates (no id) or updates a question. Options and answer as the import layout writes them
   * (option_a..option_e, match_a..match_e, answer letters or the word), checked per type by the
   * importer's rules; on update, fields not sent keep their value. Files: `image_file` (re-encoded),
   * `audio_file` (MP3, OGG, M4A or WAV). `comprehension_id` ties it to a fun-and-learn text.
   */
  admin_save_question: action<AdminQuestionDetail>()({
    input: z.object({
      id: idField.optional(),
      language_id: idField.optional(),
      category_id: idField.optional(),
      subcategory_id: idOrNone.optional(),
      comprehension_id: idOrNone.optional(),
      type: z.enum(QUESTION_TYPES).optional(),
      question: cell.optional(),
      ...optionCells,
      answer: cell.optional(),
      explanation: cell.optional(),
      image: mediaRef.optional(),
      audio: mediaRef.optional(),
      latex: flagField.optional(),
      level: intField(1, 1000).optional(),
      marks: intField(0, 100).optional(),
      status: statusField.optional(),
    }),
    access: 'admin',
    mutates: true,
    files: { ...imageFile, audio_file: CONTENT_AUDIO_MAX_BYTES },
  }),
  /** Deactivates a question (status 0): plays, bookmarks and reports that refer to it keep working. */
  admin_delete_question: action<AdminQuestionDetail>()({
    input: z.object({ id: idField }),
    access: 'admin',
    mutates: true,
  }),

  admin_get_fun_texts: action<AdminFunText[]>()({
    input: z.object({
      ...paging,
      language_id: idField.optional(),
      category_id: idField.optional(),
      subcategory_id: idField.optional(),
      search: searchField,
      status: statusFilter,
    }),
    access: 'admin',
    mutates: false,
  }),
  admin_save_fun_text: action<AdminFunText>()({
    input: z.object({
      id: idField.optional(),
      category_id: idField.optional(),
      subcategory_id: idOrNone.optional(),
      title: textField(200).optional(),
      detail: textField(20_000).optional(),
      video_url: z
        .string({ error: 'must be text' })
        .trim()
        .max(500)
        .regex(/^(https:\/\/[^\s/]+\S*)?$/, { error: 'must be an https:// URL' })
        .optional(),
      sort: sortField.optional(),
      status: statusField.optional(),
    }),
    access: 'admin',
    mutates: true,
  }),

  admin_get_daily_quizzes: action<AdminDailyQuiz[]>()({
    input: z.object({ ...paging, language_id: idField, from: dateField.optional(), to: dateField.optional() }),
    access: 'admin',
    mutates: false,
  }),
  /** Sets a day's questions in a language; an empty list removes the schedule (a draw is made then) and answers it empty. */
  admin_set_daily_quiz: action<AdminDailyQuiz>()({
    input: z.object({
      language_id: idField,
      date: dateField,
      question_ids: jsonField(
        z
          .array(idField)
          .max(DAILY_QUIZ_MAX_QUESTIONS, { error: `must hold at most ${DAILY_QUIZ_MAX_QUESTIONS} questions` })
          .refine((ids) => new Set(ids).size === ids.length, { error: 'must not repeat a question' }),
      ),
    }),
    access: 'admin',
    mutates: true,
  }),
};
