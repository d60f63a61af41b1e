import { useEffect, useEffectEvent, type ReactNode } from 'react';
import { useTranslation } from '../lib/use-translation';
import type { ActionOutput } from '../../core/contract';
import { api } from '../lib/api-client';
import { markSettingsFresh, settingsStale } from '../lib/session-flags';
import { FullScreenLoader } from '../ui/FullScreenLoader';
import { contentLanguagesLoaded } from '../features/languages/languages-slice';
import {
  settingsFailed,
  settingsLoaded,
  settingsRequested,
  settingsRestored,
} from '../features/settings/settings-slice';
import { history } from './history';
import { useAppDispatch, useAppSelector } from './hooks';
import { paths } from './paths';
import type { AppDispatch } from './store';

/**
 * Fetches web settings, system configuration and content languages together. A reply with an
 * error keeps the loader on (spec §8); no network with settings remembered uses those. With
 * settings remembered the app shows at once and they are refreshed behind it (a start from the
 * home screen does not wait for the network).
 */
async function loadSettings(dispatch: AppDispatch, remembered: boolean) {
  dispatch(remembered ? settingsRestored() : settingsRequested());
  try {
    const [data, systemConfig, list] = await Promise.all([
      api('get_web_settings'),
      api('get_system_configurations').catch(() => null),
      api('get_languages').catch(() => []),
    ]);
    dispatch(settingsLoaded({ data, systemConfig }));
    dispatch(contentLanguagesLoaded({ list, config: systemConfig }));
    markSettingsFresh();
  } catch {
    // Remembered settings stay in use when a refresh fails (maintenance still shows: its 503
    // reply sets the flag through the API client).
    if (!remembered) dispatch(settingsFailed());
  }
}

/**
 * The settings the server wrote into the page it sent (a first visit, or any page the worker does
 * not serve): taken as a fresh load, so the first screen renders without asking for them.
 */
export function adoptBootSettings(dispatch: AppDispatch): void {
  const el = document.getElementById('boot-settings');
  if (!el?.textContent) return;
  try {
    const boot = JSON.parse(el.textContent) as {
      web_settings: ActionOutput<'get_web_settings'>;
      system_config: ActionOutput<'get_system_configurations'>;
      languages: ActionOutput<'get_languages'>;
    };
    dispatch(settingsLoaded({ data: boot.web_settings, systemConfig: boot.system_config }));
    dispatch(contentLanguagesLoaded({ list: boot.languages, config: boot.system_config }));
    markSettingsFresh();
  } catch {
    // Unreadable: the gate asks for them as usual.
  } finally {
    el.remove();
  }
}

/**
 * Maintenance keeps players out; an admin goes on working (the server lets admins through too),
 * and so does someone on the way into the console (its login), or they could never turn it off.
 */
function useMaintenanceBypass(): boolean {
  const isAdmin = useAppSelector((s) => s.auth.user?.role === 'admin');
  // Read when maintenance is found (the router owns the history's one listener).
  const path = history.location.pathname;
  const returnTo = (history.location.state as { returnTo?: unknown } | null)?.returnTo;
  return (
    isAdmin ||
    path.startsWith(paths.admin) ||
    (path.startsWith(paths.login) && typeof returnTo === 'string' && returnTo.startsWith(paths.admin))
  );
}

/** A full-screen loader until the web settings are known; the maintenance notice when on. */
export function SettingsGate({ children }: { children: ReactNode }) {
  const dispatch = useAppDispatch();
  const { data, status, maintenance } = useAppSelector((s) => s.settings);
  const { t } = useTranslation();
  const bypass = useMaintenanceBypass();

  const startUp = useEffectEvent(() => {
    if (settingsStale() || !data) void loadSettings(dispatch, Boolean(data));
    else dispatch(settingsRestored());
  });
  // Once per page load: later changes come from a refresh.
  useEffect(() => startUp(), []);

  // Stuck without settings (offline at first start): try again when the network is back.
  useEffect(() => {
    if (status !== 'failed') return;
    const retry = () => void loadSettings(dispatch, Boolean(data));
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, [status, data, dispatch]);

  if (maintenance && !bypass) {
    return (
      <main className="maintenance" role="alert">
        <img src="/icons/icon.svg" alt="" width={72} height={72} />
        <h1>{t('maintenance.title')}</h1>
        <p dir="auto">{data?.maintenance_message || t('maintenance.body')}</p>
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
          {t('common.retry')}
        </button>
      </main>
    );
  }
  if (status !== 'ready' || !data) return <FullScreenLoader label={t('common.loading')} />;
  return <>{children}</>;
}
