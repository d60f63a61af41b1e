import { createRoot } from 'react-dom/client';
import localforage from 'localforage';
import { persistStore } from 'redux-persist';
import { makeStore } from './app/store';
import { App } from './app/App';
import { router } from './app/router';
import { paths } from './app/paths';
import { loggedOut } from './app/events';
import { maintenanceReported } from './features/settings/settings-slice';
import { configureApi } from './lib/api-client';
import { applyAppLanguage, errorMessage } from './lib/i18n';
import { toast } from './lib/toast';
import './ui/styles.css';

// IndexedDB through localforage, one database for the whole client state.
const storage = localforage.createInstance({ name: 'quizhub', storeName: 'state' });
const store = makeStore(undefined, storage);

configureApi({
  getToken: () => store.getState().auth.token,
  onError: (err) => toast.error(errorMessage(err.code)),
  onUnauthorized: () => {
    store.dispatch(loggedOut());
    void router.navigate(paths.home);
  },
  onMaintenance: () => store.dispatch(maintenanceReported()),
});

// Render from persisted state: wait for rehydration (≤ 5 s) and the interface language.
persistStore(store, null, () => {
  const { appLanguage, rtl } = store.getState().languages;
  void applyAppLanguage(appLanguage, rtl).then(() => {
    createRoot(document.getElementById('root')!).render(<App store={store} />);
    scheduleServiceWorker();
  });
});

function scheduleServiceWorker() {
  if (!import.meta.env.PROD) return;
  const start = () => void import('./lib/sw-register').then((m) => m.registerServiceWorker());
  if ('requestIdleCallback' in window) requestIdleCallback(start, { timeout: 4000 });
  else setTimeout(start, 2000);
}
