import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { accountFeedWanted } from './app/account-feed';
import { makeStore } from './app/store';
import { App } from './app/App';
import { preloadRoute } from './app/router';
import { startLevelCall } from './features/modes/quiz-zone/level-call';
import { bootCallsAnswered } from './app/boot-calls';
// The persistence layer (redux-persist, which reads the saved state straight from IndexedDB;
// localforage, for the writes, comes as its own chunk after the first screen): needed before the
// first render, so in the entry chunk rather than one more round trip.
import * as persistence from './app/persistence';
import { holdStorage, releaseStorage } from './app/state-storage';
import { endSession } from './app/session';
import { adoptBootSettings } from './app/SettingsGate';
import { maintenanceReported } from './features/settings/settings-slice';
import { configureApi } from './lib/api-client';
import { applyAppLanguage, errorMessage, loadCatalogue } from './lib/i18n';
import { captureInstallPrompt } from './lib/install';
import { toast } from './lib/toast';
import './ui/styles.css';
import { applyStoredTheme } from './lib/theme';

// The player's theme on this device, first: the page is drawn in it from the first render.
applyStoredTheme();
const store = makeStore();
// The browser's install offer may come before the first render: kept for the app's own button.
captureInstallPrompt();

configureApi({
  getToken: () => store.getState().auth.token,
  // Offline, the banner says so once: no toast for each call that cannot reach the server.
  onError: (err) => {
    if (err.code === 'network' && !navigator.onLine) return;
    // Written when shown: the error messages come with the toaster (the whole catalogue).
    toast.error(() => errorMessage(err.code));
  },
  onUnauthorized: (err) =>
    endSession(store.dispatch, err.code === 'session_password_changed' ? 'password_changed' : undefined),
  onMaintenance: () => store.dispatch(maintenanceReported()),
  // Unreachable server: fun and learn, the daily quiz and bookmarks answer from the packs.
  offline: (action, fields) => {
    const { auth, languages } = store.getState();
    if (!auth.token) return Promise.resolve(undefined);
    return import('./lib/offline/packs').then((m) =>
      m.offlineAnswer(action, fields, { token: auth.token, languageId: languages.currentLanguage.id }),
    );
  },
});

// The asked page's chunk comes meanwhile, so that page shows at once rather than behind a
// spinner; a slow or failed fetch holds the first render up for at most 3 s.
const pageReady = Promise.race([preloadRoute(location.pathname).catch(() => undefined), delay(3000)]);

// Render from persisted state: wait for rehydration (≤ 5 s) and the interface language.
holdStorage();
void persistence
  .rehydrate(store)
  // Without IndexedDB (or its chunk) the app still runs, just without remembered state.
  .catch(() => undefined)
  .then(() => {
    adoptBootSettings(store.dispatch);
    const { auth, languages } = store.getState();
    // A link straight into a level's play: its questions are asked for beside the page's chunk.
    if (auth.token) startLevelCall(location.pathname, languages.currentLanguage.id);
    const { appLanguage, rtl } = languages;
    // Its answer, if it comes within 1 s, is drawn in the first render: the question at once,
    // rather than the screen with a spinner and then a second render (and paint) with it.
    return Promise.all([applyAppLanguage(appLanguage, rtl), pageReady, bootCallsAnswered(1000)]);
  })
  .then(() => {
    // A transition: the first render yields to the browser every few milliseconds instead of
    // holding the main thread for its whole length (a slow phone's taps and paints wait less).
    const root = createRoot(document.getElementById('root')!);
    startTransition(() => root.render(<App store={store} />));
    // The account's live feed (its socket's chunk) once the first screen is drawn: it is not part
    // of it, and a slow phone's connection has the first screen's own files to fetch first.
    afterStart(() => {
      store.dispatch(accountFeedWanted());
      releaseStorage();
    });
    scheduleServiceWorker();
    // The rest of the interface's words, so the next page does not wait for them.
    afterStart(() => void loadCatalogue().catch(() => undefined));
    // The outbox and the packs are a signed-in player's, and wait for the first screen's own
    // requests: started when idle once someone is signed in (a guest never loads them). Opened
    // offline there are no requests to wait for, and the player wants to see what is waiting to
    // be sent: at once.
    const startOffline = () => void import('./lib/offline/offline-start').then((m) => m.startOffline(store));
    const whenReady = (fn: () => void) => (navigator.onLine ? afterStart(fn) : fn());
    if (store.getState().auth.token) whenReady(startOffline);
    else {
      const stop = store.subscribe(() => {
        if (!store.getState().auth.token) return;
        stop();
        whenReady(startOffline);
      });
    }
  });

function delay(ms: number): Promise<void> {
  return new Promise((ok) => setTimeout(ok, ms));
}

/** Runs `fn` once the browser is idle after start-up (at most 4 s later). */
function afterStart(fn: () => void) {
  if ('requestIdleCallback' in window) requestIdleCallback(fn, { timeout: 4000 });
  else setTimeout(fn, 2000);
}

function scheduleServiceWorker() {
  if (!import.meta.env.PROD) return;
  afterStart(() => void import('./lib/sw-register').then((m) => m.registerServiceWorker()));
}
