import { useAppSelector } from '../../app/hooks';

/**
 * The `lang` and `dir` of a question's text: the content language the player picked when it is
 * not the interface's (an Arabic question in an English interface is read with an Arabic voice,
 * right to left); otherwise none, and the text's own direction (`auto`).
 */
export function useQuestionLang(): { lang?: string; dir: 'ltr' | 'rtl' | 'auto' } {
  const content = useAppSelector((s) => s.languages.currentLanguage);
  const app = useAppSelector((s) => s.languages.appLanguage);
  const rtl = useAppSelector((s) => s.languages.list.find((l) => l.id === content.id)?.rtl);
  if (content.code === app) return { dir: 'auto' };
  // Without the language mode (id 0) the list may not name it: the text's own direction then.
  return { lang: content.code, dir: rtl === undefined ? 'auto' : rtl ? 'rtl' : 'ltr' };
}
