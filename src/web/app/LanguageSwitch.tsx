import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '../lib/use-translation';
import { appLanguageChosen, APP_LANGUAGES } from '../features/languages/languages-slice';
import { api } from '../lib/api-client';
import { useAppDispatch, useAppSelector } from './hooks';
import { selectIsLogin } from './selectors';

/** The short mark the header shows for an interface language (its script's own letters). */
const MARKS: Record<string, string> = { ar: 'ع', hi: 'हि' };
const markOf = (code: string) => MARKS[code] ?? code.toUpperCase();

/**
 * The interface language, from the header: a button showing the current language's mark opens
 * the list of languages, each in its own name and script. A signed-in player's choice is saved
 * on the account. Escape, a choice or a press outside closes the list, focus back on the button.
 */
export function LanguageSwitch() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const current = useAppSelector((s) => s.languages.appLanguage);
  const isLogin = useAppSelector(selectIsLogin);
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const listId = useId();

  useEffect(() => {
    if (!open) return;
    const outside = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    const escape = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('pointerdown', outside);
    document.addEventListener('keydown', escape);
    return () => {
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('keydown', escape);
    };
  }, [open]);

  function choose(code: string) {
    setOpen(false);
    button.current?.focus();
    if (code === current) return;
    dispatch(appLanguageChosen(code));
    if (isLogin) void api('update_profile', { web_language: code }, { expect: ['demo_mode'] }).catch(() => undefined);
  }

  return (
    <div className="lang-menu" ref={root}>
      <button
        ref={button}
        type="button"
        className="lang-switch"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((o) => !o)}
        data-testid="language-switch"
      >
        {/* The mark it shows, then what it does, so its name holds what is seen (WCAG 2.5.3). */}
        <span lang={current}>{markOf(current)}</span>
        <span className="visually-hidden"> {t('language.choose')}</span>
      </button>
      <ul id={listId} className="lang-menu-list" hidden={!open} aria-label={t('language.choose')}>
        {APP_LANGUAGES.map((l) => (
          <li key={l.code}>
            <button
              type="button"
              lang={l.code}
              aria-current={l.code === current ? 'true' : undefined}
              onClick={() => choose(l.code)}
              data-testid={`language-option-${l.code}`}
            >
              <span className="lang-menu-mark" aria-hidden="true">
                {markOf(l.code)}
              </span>
              <span dir={l.rtl ? 'rtl' : 'ltr'}>{l.name}</span>
              {l.code === current && (
                <span className="lang-menu-tick" aria-hidden="true">
                  ✓
                </span>
              )}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
