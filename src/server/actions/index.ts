import type { ActionName } from '../../core/contract';
import type { Handler } from '../http/context';
import { accountHandlers } from './account';
import { authHandlers } from './auth';
import { battleHandlers } from './battle';
import { quizZoneHandlers } from './quiz-zone';
import { settingsHandlers } from './settings';
import { soloHandlers } from './solo';
import { walletHandlers } from './wallet';
import { leaderboardHandlers } from './leaderboard';
import { payoutHandlers } from './payouts';
import { examHandlers } from './exams';
import { contestHandlers } from './contests';
import { packHandlers } from './packs';
import { adminHandlers } from './admin';
import { adminContentHandlers } from './admin-content';
import { adminEventHandlers } from './admin-events';

/** Every action's handler, by name. */
export const HANDLERS: { [A in ActionName]: Handler<A> } = {
  ...authHandlers,
  ...accountHandlers,
  ...settingsHandlers,
  ...quizZoneHandlers,
  ...soloHandlers,
  ...walletHandlers,
  ...leaderboardHandlers,
  ...payoutHandlers,
  ...battleHandlers,
  ...examHandlers,
  ...contestHandlers,
  ...packHandlers,
  ...adminHandlers,
  ...adminContentHandlers,
  ...adminEventHandlers,
};
