import { refreshBadges } from '../domain/badges';
import { submitPackPlay } from '../domain/play/pack-play';
import { me, type Handlers } from '../http/context';

export const packHandlers: Handlers<'submit_pack_play'> = {
  async submit_pack_play(input, ctx) {
    const result = await submitPackPlay(ctx.db, ctx.services.settings, me(ctx).id, input);
    // As submit_quiz_answers: badges a quiz can earn unlock with it, in its transaction.
    await refreshBadges(ctx.db, me(ctx).id);
    return result;
  },
};
