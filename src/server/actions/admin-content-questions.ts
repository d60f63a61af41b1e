import type { ActionParsed } from '../../core/contract';
import { audited, paged, type ActionContext, type Handlers } from '../http/context';
import { listDailyQuizzes, setDailyQuiz } from '../domain/admin/content-daily';
import { listFunTexts, saveFunText } from '../domain/admin/content-fun-texts';
import { storeAudio, storeImage } from '../domain/admin/content-media';
import { QUESTION_CELLS, saveQuestion } from '../domain/admin/content-question-save';
import { adminQuestion, deactivateQuestion, listQuestions } from '../domain/admin/content-questions';

type SaveInput = ActionParsed<'admin_save_question'>;

/** The layout cells of a save as text (flags and numbers as the import reads them), uploads stored first. */
async function cellsOf(input: SaveInput, ctx: ActionContext) {
  const { image_file, audio_file } = ctx.files;
  const image = image_file
    ? await storeImage(ctx.db, image_file, { kind: 'question_image', field: 'image_file' })
    : input.image;
  const audio = audio_file ? await storeAudio(ctx.db, audio_file, 'audio_file') : input.audio;
  const cells: Record<string, string | undefined> = { image, audio };
  for (const c of QUESTION_CELLS) {
    if (c === 'image' || c === 'audio') continue;
    const v = input[c];
    cells[c] = typeof v === 'boolean' ? String(v) : v === undefined ? undefined : String(v);
  }
  return cells;
}

export const adminQuestionHandlers: Handlers<
  | 'admin_get_questions'
  | 'admin_get_question'
  | 'admin_save_question'
  | 'admin_delete_question'
  | 'admin_get_fun_texts'
  | 'admin_save_fun_text'
  | 'admin_get_daily_quizzes'
  | 'admin_set_daily_quiz'
> = {
  async admin_get_questions(q, ctx) {
    const { rows, total } = await listQuestions(ctx.db, q);
    return paged(rows, total);
  },
  async admin_get_question({ id }, ctx) {
    return adminQuestion(ctx.db, id);
  },
  async admin_save_question(input, ctx) {
    const { id, language_id, category_id, subcategory_id, comprehension_id, status } = input;
    const cells = await cellsOf(input, ctx);
    const { before, after } = await saveQuestion(ctx.db, {
      ...{ id, language_id, category_id, subcategory_id, comprehension_id, status },
      cells,
    });
    audited(ctx, { target: `question:${after.id}`, before, after });
    return after;
  },
  async admin_delete_question({ id }, ctx) {
    const { before, after } = await deactivateQuestion(ctx.db, id);
    audited(ctx, { target: `question:${id}`, before, after });
    return after;
  },

  async admin_get_fun_texts(q, ctx) {
    const { rows, total } = await listFunTexts(ctx.db, q);
    return paged(rows, total);
  },
  async admin_save_fun_text(input, ctx) {
    const { before, after } = await saveFunText(ctx.db, input);
    audited(ctx, { target: `fun_text:${after.id}`, before, after });
    return after;
  },

  async admin_get_daily_quizzes(q, ctx) {
    const { rows, total } = await listDailyQuizzes(ctx.db, q);
    return paged(rows, total);
  },
  async admin_set_daily_quiz(input, ctx) {
    const { before, after } = await setDailyQuiz(ctx.db, input);
    audited(ctx, { target: `daily_quiz:${input.language_id}`, before, after });
    return after;
  },
};
