import type { RootState } from './store';

/** The signed-in user's record, or null. */
export const selectUser = (s: RootState) => s.auth.user;
/** True when a session token is held. */
export const selectIsLogin = (s: RootState) => s.auth.isLogin && Boolean(s.auth.token);
/** The content language id every content call sends. */
export const selectLanguageId = (s: RootState) => s.languages.currentLanguage.id;
/** The web settings, once loaded. */
export const selectWebSettings = (s: RootState) => s.settings.data;
/**
 * The content language to name things in when the words are the interface's own (statistics'
 * category names, issue 22 §11): the content language of the interface's code where there is
 * one, else the content language chosen for play.
 */
export const selectNamingLanguageId = (s: RootState) =>
  s.languages.list.find((l) => l.code === s.languages.appLanguage)?.id ?? s.languages.currentLanguage.id;
