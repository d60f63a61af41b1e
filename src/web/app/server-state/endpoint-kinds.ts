import type { ActionName, MutationAction, QueryAction } from '../../../core/contract';
import { MUTATING_ACTIONS } from '../../../core/contract/mutating-actions';

/**
 * Mutating actions a screen reads on arrival, made queries: `get_user_badges` awards the badges
 * earned since the last visit before listing them (queries refetch on every visit, so it still
 * runs once per visit).
 */
const READS_THAT_WRITE = ['get_user_badges'] as const satisfies readonly MutationAction[];

/** The actions served as queries: every one that changes nothing, and READS_THAT_WRITE. */
export type ReadAction = QueryAction | (typeof READS_THAT_WRITE)[number];
/** The actions served as mutations. */
export type WriteAction = Exclude<ActionName, ReadAction>;

/** True when the action is served as a query. */
export function isReadAction(action: ActionName): action is ReadAction {
  return !MUTATING_ACTIONS[action] || (READS_THAT_WRITE as readonly string[]).includes(action);
}

/** Every action of the contract (from the zod-free map, so the player's chunks carry no schema). */
export const ALL_ACTIONS = Object.keys(MUTATING_ACTIONS) as ActionName[];
