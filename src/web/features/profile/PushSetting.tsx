import { useEffect, useState } from 'react';
import { ApiError } from '../../lib/api-client';
import { enablePush, PushUnavailableError, pushState, turnOffPush, type PushState } from '../../lib/push';
import { toast } from '../../lib/toast';
import { useTranslation } from '../../lib/use-translation';

const TAG: Record<PushState | 'checking', string> = {
  on: 'tag push-on',
  off: 'tag push-off',
  blocked: 'tag push-blocked',
  unsupported: 'tag push-off',
  checking: 'tag push-off',
};

/**
 * Push notifications on this device: on / off / blocked by the browser / not supported, and the
 * switch between on and off. The state shows at once (a quick read of the permission and the
 * registered worker's subscription); a visit then renews the subscription in the background unless
 * the player turned push off, saying so meanwhile (issue 22 §17: the card used to wait for the
 * service worker to be installed, up to the first visit's whole precache). A browser whose push
 * service refuses is said to be unsupported here, not left "Off" without a word.
 */
export function PushSetting() {
  const { t } = useTranslation();
  const [state, setState] = useState<PushState | null>(null);
  const [renewing, setRenewing] = useState(false);
  const [unavailable, setUnavailable] = useState(false);
  const [busy, setBusy] = useState<'on' | 'off' | null>(null);

  useEffect(() => {
    let live = true;
    void (async () => {
      const first = await pushState().catch((): PushState => 'unsupported');
      if (!live) return;
      setState(first);
      if (first === 'unsupported' || first === 'blocked') return;
      setRenewing(true);
      try {
        await enablePush(false);
      } catch (e) {
        if (live && e instanceof PushUnavailableError) setUnavailable(true);
      }
      if (!live) return;
      setRenewing(false);
      setState(await pushState().catch(() => first));
    })();
    return () => {
      live = false;
    };
  }, []);

  async function toggle(on: boolean) {
    setBusy(on ? 'on' : 'off');
    try {
      if (on) await enablePush(true);
      else await turnOffPush();
      setUnavailable(false);
    } catch (e) {
      // The card says when the push service is missing; the api client has toasted its own
      // failures; anything else is a failure to turn on here.
      if (e instanceof PushUnavailableError) setUnavailable(true);
      else if (!(e instanceof ApiError)) toast.error(t('settings.pushFailed'));
    }
    setState(await pushState().catch(() => null));
    setBusy(null);
  }

  const shown: PushState | 'checking' =
    state === null ? 'checking' : unavailable && state !== 'on' ? 'unsupported' : state;

  return (
    <section className="card" aria-labelledby="push-setting-title" aria-busy={shown === 'checking' || renewing}>
      <h2 id="push-setting-title">{t('notifications.pushTitle')}</h2>
      <p className="muted">{t('notifications.pushText')}</p>
      <div className="setting-row">
        <span className={TAG[shown]} data-testid="push-state" data-state={shown} role="status">
          {t(`settings.push.${shown}`)}
        </span>
        {(shown === 'on' || shown === 'off') && (
          <button
            type="button"
            className={shown === 'on' ? 'btn btn-outline btn-small' : 'btn btn-primary btn-small'}
            disabled={busy !== null || renewing}
            aria-pressed={shown === 'on'}
            data-testid="push-toggle"
            onClick={() => void toggle(shown === 'off')}
          >
            {busy === 'on'
              ? t('settings.turningOn')
              : busy === 'off'
                ? t('settings.turningOff')
                : t(shown === 'on' ? 'settings.turnOff' : 'settings.turnOn')}
          </button>
        )}
      </div>
      {renewing && (
        <p className="muted setting-note" data-testid="push-renewing">
          {t('settings.pushRenewing')}
        </p>
      )}
      {shown === 'blocked' && <p className="muted setting-note">{t('notifications.pushBlocked')}</p>}
      {shown === 'unsupported' && (
        <p className="muted setting-note" data-testid="push-unsupported">
          {t(unavailable ? 'settings.pushUnavailable' : 'settings.pushUnsupported')}
        </p>
      )}
    </section>
  );
}
