import { levelData } from '../domain/level-progress';
import { listBookmarks, playedCategories, reportQuestion, setBookmark, unlockPremium } from '../domain/library';
import { resolveLanguageId } from '../domain/languages';
import { dailyStatus, openDaily } from '../domain/play/daily';
import { useHint, useLifeline } from '../domain/play/lifelines';
import {
  listComprehensions,
  openBookmarks,
  openComprehension,
  openLevel,
  openRound,
  openSelfChallenge,
  openTrueFalse,
} from '../domain/play/openers';
import { me, type ActionContext, type Handlers } from '../http/context';

/** The player, their content language and the services an opener needs. */
async function playCtx(ctx: ActionContext, languageId: number | undefined) {
  return {
    db: ctx.db,
    settings: ctx.services.settings,
    userId: me(ctx).id,
    languageId: await resolveLanguageId(ctx.db, ctx.services.settings, languageId),
  };
}

export const soloHandlers: Handlers<
  | 'get_fun_n_learn'
  | 'get_fun_n_learn_questions'
  | 'get_guess_the_word'
  | 'get_audio_questions'
  | 'get_maths_questions'
  | 'get_questions_by_type'
  | 'get_daily_quiz'
  | 'get_daily_quiz_status'
  | 'get_questions_for_self_challenge'
  | 'get_multi_match_level_data'
  | 'set_multi_match_level_data'
  | 'get_multi_match_questions_by_level'
  | 'multi_match_report_question'
  | 'use_lifeline'
  | 'use_hint'
  | 'unlock_premium_category'
  | 'set_bookmark'
  | 'get_bookmark'
  | 'get_bookmark_questions'
  | 'report_question'
  | 'set_quiz_categories'
> = {
  async get_fun_n_learn({ language_id, type, type_id }, ctx) {
    return listComprehensions(await playCtx(ctx, language_id), type, type_id);
  },
  async get_fun_n_learn_questions({ language_id, fun_n_learn_id, resume }, ctx) {
    return openComprehension(await playCtx(ctx, language_id), fun_n_learn_id, { resume });
  },
  async get_guess_the_word({ language_id, ...o }, ctx) {
    return openRound(await playCtx(ctx, language_id), 'guess_the_word', o);
  },
  async get_audio_questions({ language_id, ...o }, ctx) {
    return openRound(await playCtx(ctx, language_id), 'audio', o);
  },
  async get_maths_questions({ language_id, ...o }, ctx) {
    return openRound(await playCtx(ctx, language_id), 'maths', o);
  },
  async get_questions_by_type({ language_id, resume }, ctx) {
    return openTrueFalse(await playCtx(ctx, language_id), { resume });
  },
  async get_daily_quiz({ language_id, timezone, gmt_format }, ctx) {
    const c = await playCtx(ctx, language_id);
    return openDaily(c.db, c.settings, { userId: c.userId, languageId: c.languageId, timezone, gmt_format });
  },
  async get_daily_quiz_status(zone, ctx) {
    return dailyStatus(ctx.db, me(ctx).id, zone);
  },
  async get_questions_for_self_challenge({ language_id, ...o }, ctx) {
    return openSelfChallenge(await playCtx(ctx, language_id), o);
  },
  async get_multi_match_level_data({ category_slug, subcategory_slug, language_id }, ctx) {
    const c = await playCtx(ctx, language_id);
    return levelData(c.db, c.userId, 'multi_match', category_slug, subcategory_slug, c.languageId, 6);
  },
  // The spec's client reports level progress; the server answers its own from graded sessions.
  async set_multi_match_level_data({ category, subcategory, language_id }, ctx) {
    const c = await playCtx(ctx, language_id);
    return levelData(c.db, c.userId, 'multi_match', category, subcategory, c.languageId, 6);
  },
  async get_multi_match_questions_by_level({ language_id, ...o }, ctx) {
    return openLevel(await playCtx(ctx, language_id), 'multi_match', o);
  },
  async multi_match_report_question({ question_id, message }, ctx) {
    return reportQuestion(ctx.db, me(ctx).id, question_id, message);
  },
  async use_lifeline(o, ctx) {
    return useLifeline(ctx.db, ctx.services.settings, me(ctx).id, o);
  },
  async use_hint(o, ctx) {
    return useHint(ctx.db, ctx.services.settings, me(ctx).id, o);
  },
  async unlock_premium_category({ category, type, language_id }, ctx) {
    const c = await playCtx(ctx, language_id);
    return unlockPremium(c.db, c.userId, { languageId: c.languageId, type, slug: category });
  },
  async set_bookmark({ question_id, status }, ctx) {
    return setBookmark(ctx.db, me(ctx).id, question_id, status);
  },
  async get_bookmark({ type }, ctx) {
    return listBookmarks(ctx.db, me(ctx).id, type);
  },
  async get_bookmark_questions(o, ctx) {
    return openBookmarks(await playCtx(ctx, undefined), o);
  },
  async report_question({ question_id, message }, ctx) {
    return reportQuestion(ctx.db, me(ctx).id, question_id, message);
  },
  async set_quiz_categories({ type }, ctx) {
    return playedCategories(ctx.db, me(ctx).id, type);
  },
};
