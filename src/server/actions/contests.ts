import { answerContest, enterContest, finishContest } from '../domain/contest-play';
import { contestBoard, listContests } from '../domain/contests';
import { resolveLanguageId } from '../domain/languages';
import { me, type ActionContext, type Handlers } from '../http/context';

/** The contest's leaderboard goes out live once the change has committed. */
function boardChanged(ctx: ActionContext, contestId: number) {
  ctx.afterCommit?.(() => ctx.services.contests.changed(contestId));
}

export const contestHandlers: Handlers<
  | 'get_contest'
  | 'get_questions_by_contest'
  | 'set_contest_answer'
  | 'set_contest_leaderboard'
  | 'get_contest_leaderboard'
> = {
  async get_contest({ language_id, timezone, gmt_format }, ctx) {
    const languageId = await resolveLanguageId(ctx.db, ctx.services.settings, language_id);
    return listContests(ctx.db, ctx.services.clock, me(ctx).id, { languageId, timezone, gmt_format });
  },
  async get_questions_by_contest({ contest_id }, ctx) {
    const { play, entered } = await enterContest(
      ctx.db,
      ctx.services.battles.setup.rules,
      me(ctx).id,
      contest_id,
      ctx.services.clock.now(),
    );
    if (entered) boardChanged(ctx, contest_id);
    return play;
  },
  async set_contest_answer({ contest_id, question_id, answer }, ctx) {
    const step = await answerContest(
      ctx.db,
      ctx.services.battles.setup.rules,
      me(ctx).id,
      { contestId: contest_id, questionId: question_id, answer },
      ctx.services.clock.now(),
    );
    boardChanged(ctx, contest_id);
    return step;
  },
  async set_contest_leaderboard({ contest_id }, ctx) {
    const done = await finishContest(ctx.db, me(ctx).id, contest_id, ctx.services.clock.now());
    boardChanged(ctx, contest_id);
    return done;
  },
  async get_contest_leaderboard({ contest_id, offset, limit }, ctx) {
    return contestBoard(ctx.db, ctx.services.clock, me(ctx).id, { contestId: contest_id, offset, limit });
  },
};
