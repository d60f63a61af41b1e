import type { RootState } from './store';

/** The signed-in user's record, or null. */
export const selectUser = (s: RootState) => s.auth.user;
/** True when a session token is held. */
export const selectIsLogin = (s: RootState) => s.auth.isLogin && Boolean(s.auth.token);
/** The content language id every content call sends. */
export const selectLanguageId = (s: RootState) => s.languages.currentLanguage.id;
/** The web settings, once loaded. */
export const selectWebSettings = (s: RootState) => s.settings.data;
