import { useTranslation } from '../lib/use-translation';
import { Spinner } from './Spinner';

export type ListState = 'loading' | 'ready' | 'error';

/**
 * The foot of a paged list: a spinner while a page loads, the load error with Retry, or "show
 * more" while there is more.
 */
export function MoreFooter({
  state,
  more,
  onMore,
  label,
  testId,
}: {
  state: ListState;
  more: boolean;
  onMore: () => void;
  label: string;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      {state === 'loading' && <Spinner />}
      {state === 'error' && (
        <p className="muted" role="alert">
          {t('common.loadFailed')}
        </p>
      )}
      {state !== 'loading' && (more || state === 'error') && (
        <button type="button" className="btn btn-outline btn-block" data-testid={testId} onClick={onMore}>
          {state === 'error' ? t('common.retry') : label}
        </button>
      )}
    </>
  );
}

/**
 * A page appended to a list (or starting it afresh when `reset`), leaving out items already in
 * it: something new meanwhile shifts the offsets, and a page may repeat what the last one showed.
 */
export function mergePage<T>(before: readonly T[], page: readonly T[], key: (x: T) => number, reset: boolean): T[] {
  const kept = reset ? [] : before;
  const seen = new Set(kept.map(key));
  return [...kept, ...page.filter((x) => !seen.has(key(x)))];
}
