import type { Loadable } from '../../../lib/loadable';
import { useTranslation } from '../../../lib/use-translation';
import { Empty, LoadState } from '../../../ui/LoadState';

/** Loading, "not found" (a stale or mistyped address) or the error card with Retry. */
export function PickerState({ state, retry }: { state: Loadable<unknown>; retry: () => void }) {
  const { t } = useTranslation();
  if (state.status === 'error' && state.code === 'not_found') return <Empty text={t('modes.picker.notFound')} />;
  return <LoadState state={state} retry={retry} />;
}
