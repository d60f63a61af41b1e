import type { z } from 'zod';
import { accountActions } from './account';
import { authActions } from './auth';
import { battleActions } from './battle';
import { quizActions } from './quiz';
import { settingsActions } from './settings';
import { soloActions } from './solo';
import { walletActions } from './wallet';
import { leaderboardActions } from './leaderboard';
import { payoutActions } from './payouts';
import { examActions } from './exam';
import { contestActions } from './contest';
import { packActions } from './packs';
import { adminActions } from './admin';
import { adminContentActions } from './admin-content';
import { adminEventActions } from './admin-events';

export * from './errors';
export * from './define';
export type * from './account';
export type * from './auth';
export type * from './battle';
export type * from './quiz';
export type * from './settings';
export type * from './solo';
export type * from './realtime';
export { CLIENT_MESSAGE_TYPES, clientMessageSchema, roomSeat, serverMessages } from './realtime';
export type * from './wallet';
export type * from './leaderboard';
export type * from './payouts';
export type * from './exam';
export type * from './contest';
export type * from './packs';
export type * from './admin';
export type * from './admin-content';
export type * from './admin-events';
export { systemConfigSchema } from './admin';
export { PACK_KINDS } from './packs';
export { CATEGORY_TYPES, QUESTION_TYPES } from './quiz';
export { LIFELINES, type Lifeline } from '../rules/lifelines';
export { SOLO_MODES, type SoloMode } from '../rules/solo-modes';
export { SETTING_PAGES } from './settings';
export { HOT_READS, isHotRead, type HotRead } from './hot-reads';
export { MUTATING_ACTIONS, type MutationAction, type QueryAction } from './mutating-actions';
export { PROFILE_IMAGE_MAX_BYTES } from './account';
export { EXAM_CATEGORY_TYPE, CONTEST_CATEGORY_TYPE } from './exam';

/** Every action of the API, by the spec's name. */
export const ACTIONS = {
  ...authActions,
  ...accountActions,
  ...settingsActions,
  ...quizActions,
  ...soloActions,
  ...walletActions,
  ...leaderboardActions,
  ...payoutActions,
  ...battleActions,
  ...examActions,
  ...contestActions,
  ...packActions,
  ...adminActions,
  ...adminContentActions,
  ...adminEventActions,
};

export type ActionName = keyof typeof ACTIONS;
export type ActionInput<A extends ActionName> = z.input<(typeof ACTIONS)[A]['input']>;
export type ActionParsed<A extends ActionName> = z.output<(typeof ACTIONS)[A]['input']>;
export type ActionOutput<A extends ActionName> = NonNullable<(typeof ACTIONS)[A]['_out']>;

/** True when `name` is an action of the API. */
export function isActionName(name: string): name is ActionName {
  return Object.hasOwn(ACTIONS, name);
}
