import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { AdminSettings } from '../../../../core/contract';
import { useApiQuery } from '../../../app/server-state/use-api-query';
import { LoadState } from '../../../ui/LoadState';
import { useAdminT } from '../i18n';
import { PageHead } from '../ui/PageHead';
import { HomeHeadingEditor } from './HomeHeadingEditor';
import { PagesEditor } from './PagesEditor';
import { SystemConfigForm } from './SystemConfigForm';
import './settings.css';

type Tab = 'config' | 'pages' | 'home';
const TABS = ['config', 'pages', 'home'] as const;

/** Settings: the system configuration, the site's pages, and the home screen's heading. */
export default function SettingsPage() {
  const { t } = useAdminT();
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab: Tab = asked === 'pages' || asked === 'home' ? asked : 'config';
  const [state, reload] = useApiQuery('admin_get_settings', {});
  // The forms show a save at once (the refetch it starts brings the same settings a moment later).
  const [settings, setSettings] = useState<AdminSettings | null>(null);
  const loaded = state.status === 'ready' ? state.data : null;
  useEffect(() => {
    if (loaded) setSettings(loaded);
  }, [loaded]);

  return (
    <>
      <PageHead title={t('settings.title')} intro={t('settings.intro')} />
      <div className="admin-tabs" role="tablist" aria-label={t('settings.title')}>
        {TABS.map((k) => (
          <button
            key={k}
            type="button"
            role="tab"
            aria-selected={tab === k}
            className={tab === k ? 'admin-tab active' : 'admin-tab'}
            onClick={() => setParams(k === 'config' ? {} : { tab: k }, { replace: true })}
            data-testid={`settings-tab-${k}`}
          >
            {t(k === 'config' ? 'settings.configuration' : k === 'pages' ? 'settings.pages' : 'settings.home')}
          </button>
        ))}
      </div>
      {!settings ? (
        <LoadState state={state} retry={reload} />
      ) : tab === 'config' ? (
        <SystemConfigForm settings={settings} onSaved={setSettings} />
      ) : tab === 'pages' ? (
        <PagesEditor settings={settings} onSaved={setSettings} />
      ) : (
        <HomeHeadingEditor settings={settings} onSaved={setSettings} />
      )}
    </>
  );
}
