import { createRoot } from 'react-dom/client';
import { makeStore } from './app/store';
import { App } from './app/App';
import { endSession } from './app/session';
import { maintenanceReported } from './features/settings/settings-slice';
import { configureApi } from './lib/api-client';
import { applyAppLanguage, errorMessage } from './lib/i18n';
import { captureInstallPrompt } from './lib/install';
import { toast } from './lib/toast';
import './ui/styles.css';

// The persistence layer (localforage + redux-persist) is its own chunk, fetched at once.
const persistence = import('./app/persistence');
const store = makeStore();
// The browser's install offer may come before the first render: kept for the app's own button.
captureInstallPrompt();

configureApi({
  getToken: () => store.getState().auth.token,
  // Offline, the banner says so once: no toast for each call that cannot reach the server.
  onError: (err) => {
    if (err.code === 'network' && !navigator.onLine) return;
    toast.error(errorMessage(err.code));
  },
  onUnauthorized: () => endSession(store.dispatch),
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

// Render from persisted state: wait for rehydration (≤ 5 s) and the interface language.
void persistence
  .then((p) => p.rehydrate(store))
  // Without IndexedDB (or its chunk) the app still runs, just without remembered state.
  .catch(() => undefined)
  .then(() => {
    const { appLanguage, rtl } = store.getState().languages;
    return applyAppLanguage(appLanguage, rtl);
  })
  .then(() => {
    createRoot(document.getElementById('root')!).render(<App store={store} />);
    scheduleServiceWorker();
    void import('./lib/offline/offline-start').then((m) => m.startOffline(store));
  });

function scheduleServiceWorker() {
  if (!import.meta.env.PROD) return;
  const start = () => void import('./lib/sw-register').then((m) => m.registerServiceWorker());
  if ('requestIdleCallback' in window) requestIdleCallback(start, { timeout: 4000 });
  else setTimeout(start, 2000);
}
