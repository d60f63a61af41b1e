import { useEffect, useRef } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { api } from '../../lib/api-client';
import { completeSignIn } from './profile-step';

interface GoogleId {
  initialize(o: { client_id: string; callback: (r: { credential: string }) => void }): void;
  renderButton(el: HTMLElement, o: Record<string, unknown>): void;
}
declare global {
  interface Window {
    google?: { accounts: { id: GoogleId } };
  }
}

let script: Promise<void> | undefined;

/** Loads Google Identity Services once. */
function loadGsi(): Promise<void> {
  script ??= new Promise((resolve, reject) => {
    const s = document.createElement('script');
    s.src = 'https://accounts.google.com/gsi/client';
    s.async = true;
    s.onload = () => resolve();
    s.onerror = () => reject(new Error('gsi'));
    document.head.appendChild(s);
  });
  return script;
}

/** Google's own sign-in button; its credential goes to auth_google, then the profile step. */
export default function GoogleButton({ clientId }: { clientId: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const dispatch = useAppDispatch();
  const lang = useAppSelector((s) => s.languages.appLanguage);

  useEffect(() => {
    let live = true;
    loadGsi()
      .then(() => {
        const gsi = window.google?.accounts.id;
        if (!live || !gsi || !ref.current) return;
        gsi.initialize({
          client_id: clientId,
          callback: ({ credential }) => {
            void api('auth_google', { id_token: credential })
              .then((proof) => completeSignIn(proof, dispatch))
              .catch(() => undefined);
          },
        });
        gsi.renderButton(ref.current, { theme: 'outline', size: 'large', shape: 'pill', width: 300, locale: lang });
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [clientId, dispatch, lang]);

  return <div ref={ref} className="google-button" data-testid="google-button" />;
}
