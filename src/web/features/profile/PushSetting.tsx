import { useEffect, useState } from 'react';
import { ApiError } from '../../lib/api-client';
import { enablePush, pushState, turnOffPush, type PushState } from '../../lib/push';
import { toast } from '../../lib/toast';
import { useTranslation } from '../../lib/use-translation';

const TAG: Record<PushState, string> = {
  on: 'tag push-on',
  off: 'tag push-off',
  blocked: 'tag push-blocked',
  unsupported: 'tag push-off',
};

/**
 * Push notifications on this device: on / off / blocked by the browser / not supported, and the
 * switch between on and off. A visit renews the subscription unless the player turned push off.
 */
export function PushSetting() {
  const { t } = useTranslation();
  const [state, setState] = useState<PushState | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    void enablePush(false)
      .catch(() => undefined)
      .then(pushState)
      .then(
        (s) => live && setState(s),
        () => live && setState('unsupported'),
      );
    return () => {
      live = false;
    };
  }, []);

  async function toggle(on: boolean) {
    setBusy(true);
    try {
      if (on) await enablePush(true);
      else await turnOffPush();
    } catch (e) {
      // The api client has toasted its own failures; a push service's refusal is ours to show.
      if (!(e instanceof ApiError)) toast.error(t('settings.pushFailed'));
    }
    setState(await pushState().catch(() => null));
    setBusy(false);
  }

  return (
    <section className="card" aria-labelledby="push-setting-title">
      <h2 id="push-setting-title">{t('notifications.pushTitle')}</h2>
      <p className="muted">{t('notifications.pushText')}</p>
      <div className="setting-row">
        {state && (
          <span className={TAG[state]} data-testid="push-state" data-state={state}>
            {t(`settings.push.${state}`)}
          </span>
        )}
        {(state === 'on' || state === 'off') && (
          <button
            type="button"
            className={state === 'on' ? 'btn btn-outline btn-small' : 'btn btn-primary btn-small'}
            disabled={busy}
            aria-pressed={state === 'on'}
            data-testid="push-toggle"
            onClick={() => void toggle(state === 'off')}
          >
            {t(state === 'on' ? 'settings.turnOff' : 'settings.turnOn')}
          </button>
        )}
      </div>
      {state === 'blocked' && <p className="muted setting-note">{t('notifications.pushBlocked')}</p>}
      {state === 'unsupported' && <p className="muted setting-note">{t('settings.pushUnsupported')}</p>}
    </section>
  );
}
