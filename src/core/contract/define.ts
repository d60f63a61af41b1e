import type { z } from 'zod';
import type { PlayMode } from './play-modes';

/** Who may call an action. */
export type Access =
  | 'public' // anyone; a bearer token, if sent and valid, identifies the user
  | 'identity' // the bearer is an identity-provider id_token (auth step 1)
  | 'user' // the bearer is an api_token of an active account
  | 'admin'; // an api_token of an active admin

export interface ActionSpec<I extends z.ZodType = z.ZodType, O = unknown, M extends boolean = boolean> {
  input: I;
  access: Access;
  /**
   * Changes state: runs in a transaction and honours Idempotency-Key. Kept as the literal `true`
   * or `false` in the action's type, so the client's query and mutation lists are checked
   * against it (`mutating-actions.ts`).
   */
  mutates: M;
  /** Rate-limit class: auth actions are limited per IP and per account. */
  limit?: 'auth' | 'otp';
  /**
   * The play mode this action starts (a session, a room, an exam's or a contest's questions): an
   * operator who lists it in `disabled_modes` has it refused (403 mode_disabled). A function picks
   * the mode from the input (null: nothing is started, e.g. a cancel).
   */
  mode?: PlayMode | ((input: z.output<I>) => PlayMode | null);
  /** Multipart file fields the action takes (name → max bytes). */
  files?: Record<string, number>;
  /** Phantom: the `data` type of the success reply. */
  readonly _out?: O;
}

/** Declares an action; `O` is the type of the reply's `data`. */
export function action<O>() {
  return <I extends z.ZodType, M extends boolean>(spec: Omit<ActionSpec<I, O, M>, '_out'>): ActionSpec<I, O, M> => spec;
}
