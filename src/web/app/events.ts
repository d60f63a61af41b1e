import { createAction } from '@reduxjs/toolkit';
import type { UserRecord } from '../../core/contract';

// Events more than one slice answers to live here, so features never import each other.

/** The player signed in (profile step done): the user record and its api_token. */
export const loggedIn = createAction<{ user: UserRecord; token: string }>('session/loggedIn');
/** The session ended (logout, 401, account deleted). */
export const loggedOut = createAction('session/loggedOut');
/** The server answered a new balance and score (a graded quiz, a purchase). */
export const coinScoreChanged = createAction<{ coins: number; all_time_score: number }>('session/coinScoreChanged');
/** The server answered a new user record (profile edit, image upload). */
export const profileChanged = createAction<UserRecord>('session/profileChanged');
/** The server answered a new balance alone (a lifeline, a hint, an unlock paid in coins). */
export const coinsChanged = createAction<number>('session/coinsChanged');
