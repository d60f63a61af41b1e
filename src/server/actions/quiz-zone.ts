import { coinsAndScore } from '../domain/account';
import { categoryBySlug, listCategories, listSubcategories } from '../domain/content';
import { resolveLanguageId } from '../domain/languages';
import { levelData, nextLevel } from '../domain/level-progress';
import { openLevel } from '../domain/play/openers';
import { submitSession } from '../domain/play/grade';
import { submitAnswer } from '../domain/play/answer-verdict';
import { modeRule } from '../../core/rules/solo-modes';
import { MODE_OF_TYPE } from '../domain/content';
import { AppError } from '../errors';
import { readStatistics } from '../domain/statistics';
import { refreshBadges } from '../domain/badges';
import { me, type ActionContext, type Handlers } from '../http/context';

function coinScore(ctx: ActionContext) {
  return coinsAndScore(ctx.db, me(ctx).id);
}

export const quizZoneHandlers: Handlers<
  | 'get_categories'
  | 'get_subcategory_by_maincategory'
  | 'get_level_data'
  | 'get_next_level'
  | 'get_questions_by_level'
  | 'submit_quiz_answers'
  | 'submit_answer'
  | 'set_level_data'
  | 'set_user_coin_score'
  | 'get_user_coin_score'
  | 'set_users_statistics'
  | 'get_users_statistics'
> = {
  async get_categories({ type, language_id }, { db, services, user }) {
    const lang = await resolveLanguageId(db, services.settings, language_id);
    return listCategories(db, lang, type, user?.id);
  },

  async get_subcategory_by_maincategory({ type, language_id, category_slug, subcategory_slug }, { db, services }) {
    const lang = await resolveLanguageId(db, services.settings, language_id);
    const cat = await categoryBySlug(db, lang, category_slug, type);
    return listSubcategories(db, cat.id, subcategory_slug);
  },

  async get_level_data({ category_slug, subcategory_slug, language_id, type }, ctx) {
    const lang = await resolveLanguageId(ctx.db, ctx.services.settings, language_id);
    const mode = MODE_OF_TYPE[type];
    if (!mode || mode === 'fun_n_learn')
      throw new AppError('not_found', { field: 'type', message: 'This mode has no levels.' });
    const locks = modeRule(mode, await ctx.services.settings.rules(ctx.db)).locks;
    return levelData(ctx.db, me(ctx).id, mode, category_slug, subcategory_slug, lang, type, locks);
  },

  async get_questions_by_level({ category, subcategory, level, language_id, resume }, ctx) {
    const languageId = await resolveLanguageId(ctx.db, ctx.services.settings, language_id);
    return openLevel({ db: ctx.db, settings: ctx.services.settings, userId: me(ctx).id, languageId }, 'quiz_zone', {
      category,
      subcategory,
      level,
      resume,
    });
  },

  async submit_quiz_answers({ session_id, answers }, ctx) {
    const result = await submitSession(ctx.db, ctx.services.settings, me(ctx).id, session_id, answers, {
      request: ctx.idempotency,
      repeated: ctx.repeated,
    });
    // Badges a quiz can earn unlock (and notify) with it, in its transaction.
    await refreshBadges(ctx.db, me(ctx).id);
    return result;
  },

  async submit_answer(o, ctx) {
    return submitAnswer(ctx.db, ctx.services.settings, me(ctx).id, o, ctx.repeated);
  },

  // The spec's client reports level progress; the server keeps its own from graded sessions
  // and answers it, so a stated level unlocks nothing.
  async set_level_data({ category, subcategory, language_id }, ctx) {
    const lang = await resolveLanguageId(ctx.db, ctx.services.settings, language_id);
    return levelData(ctx.db, me(ctx).id, 'quiz_zone', category, subcategory, lang);
  },

  // Stated coins and score are ignored: they come from graded sessions only.
  async set_user_coin_score(_input, ctx) {
    return coinScore(ctx);
  },

  async get_user_coin_score(_input, ctx) {
    return coinScore(ctx);
  },

  // Stated statistics are ignored: they are recorded when a session is graded.
  async set_users_statistics(_input, ctx) {
    return readStatistics(ctx.db, me(ctx).id, await resolveLanguageId(ctx.db, ctx.services.settings, undefined));
  },

  async get_users_statistics({ language_id }, ctx) {
    const lang = await resolveLanguageId(ctx.db, ctx.services.settings, language_id);
    return readStatistics(ctx.db, me(ctx).id, lang);
  },

  // Home's "continue where you left off".
  async get_next_level({ language_id }, ctx) {
    const lang = await resolveLanguageId(ctx.db, ctx.services.settings, language_id);
    return { next: await nextLevel(ctx.db, me(ctx).id, lang) };
  },
};
