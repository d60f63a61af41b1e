import { useTranslation } from '../lib/use-translation';
import type { Loadable } from '../lib/loadable';
import { Spinner } from './Spinner';

/** Loading spinner, or an error card with Retry, for a Loadable that is not ready. */
export function LoadState({ state, retry }: { state: Loadable<unknown>; retry: () => void }) {
  const { t } = useTranslation();
  if (state.status === 'loading') return <Spinner />;
  if (state.status === 'error') {
    return (
      <div className="card empty" role="alert">
        <p>{t('common.loadFailed')}</p>
        <button type="button" className="btn btn-primary" onClick={retry}>
          {t('common.retry')}
        </button>
      </div>
    );
  }
  return null;
}

/** The "nothing here yet" card. */
export function Empty({ text }: { text: string }) {
  return (
    <div className="card empty">
      <p>{text}</p>
    </div>
  );
}
