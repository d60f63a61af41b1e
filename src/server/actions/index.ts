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

/**
 * Mutating actions whose only write is one statement (opening a quiz-zone level: reads, then one
 * INSERT of the session; an answer: a read, then one statement that stores it if the session is
 * still as read). Sent without an Idempotency-Key they run outside a transaction: in READ
 * COMMITTED each read sees its own snapshot either way, and one statement is atomic on its own, so
 * BEGIN and COMMIT would only add two round trips. With a key they run in one, as every mutation
 * does (the stored reply commits with the effect). `one-write.test.ts` holds each to one write.
 */
export const ONE_WRITE_ACTIONS: ReadonlySet<ActionName> = new Set<ActionName>([
  'get_questions_by_level',
  'submit_answer',
]);

/**
 * Mutations keyed by what they change, so that a repeat is answered from the change itself, not
 * from a second copy of their reply in `idempotency_keys` (their Idempotency-Key is checked for
 * form; the reply of a repeat says `Idempotent-Replayed: true`):
 * - submit_answer stores one answer per session and question: the same answer again gets that
 *   answer's verdict, another one 409 `already_answered`. The app's key for it names the same
 *   thing (`<session>-q<question>`). Two statements fewer on every answer; being also in
 *   ONE_WRITE_ACTIONS, it runs outside a transaction with a key as without one.
 * - submit_quiz_answers grades a session once and keeps its result on the session: a repeat
 *   gets that result. The key and request hash it was graded under are kept beside it, so the
 *   same key with another body is still 409 `idempotency_conflict`. Two statements fewer on every
 *   finish, and the result's JSON written once.
 */
export const SELF_KEYED_ACTIONS: ReadonlySet<ActionName> = new Set<ActionName>([
  'submit_answer',
  'submit_quiz_answers',
]);
