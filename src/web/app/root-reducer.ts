import { combineSlices, createDynamicMiddleware } from '@reduxjs/toolkit';
import { authReducer } from '../features/auth/auth-slice';
import type { BattleState } from '../features/battle/battle-slice';
import { languagesReducer } from '../features/languages/languages-slice';
import type { PlayState } from '../play/play-machine';
import type { serverApi } from './server-state/api-slice';
import { settingsReducer } from '../features/settings/settings-slice';
import { liveReducer } from './live-slice';

// Apart from store.ts so that a screen's chunk adding its slice imports this alone, not the
// store's middleware (which made the bundler split the first screen's chunk in pieces).

/**
 * The slices a screen's chunk brings along, not the first screen: injected into `rootReducer` by
 * their modules (play/play-store.ts, features/battle/battle-store.ts), so their state
 * is there from the next action on, until then undefined.
 */
export interface LazySlices {
  /** The solo play screen of every mode (transient, never persisted). */
  play: PlayState;
  /** The live battle on screen (transient: a reload joins the room again). */
  battle: BattleState;
  /** The server's replies as the screens read them (RTK Query, app/server-state/api-slice.ts). */
  server: ReturnType<typeof serverApi.reducer>;
}

export const rootReducer = combineSlices({
  auth: authReducer,
  settings: settingsReducer,
  languages: languagesReducer,
  /** The account as the server pushes it: unread count, arrived notifications, clock (transient). */
  live: liveReducer,
}).withLazyLoadedSlices<LazySlices>();

export type RootState = ReturnType<typeof rootReducer>;

/** Middleware a screen's chunk adds (the battle's socket, features/battle/battle-store.ts). */
export const lazyMiddleware = createDynamicMiddleware();
