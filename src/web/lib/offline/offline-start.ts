import type { ActionName } from '../../../core/contract';
import { coinScoreChanged } from '../../app/events';
import type { AppStore } from '../../app/store';
import { configureApi } from '../api-client';
import { errorMessage } from '../i18n';
import { toast } from '../toast';
import { PACKS_SYNC_TAG } from '../../../core/offline/outbox-shape';
import { outboxNetworkWorks, startOutbox } from './outbox-client';
import { warmPacks } from './packs';

// What changes a pack's content: bookmarks, unlocks, and plays (the daily quiz's played dates).
const PACK_CHANGES: readonly string[] = [
  'set_bookmark',
  'submit_quiz_answers',
  'get_daily_quiz',
  'unlock_premium_category',
];

const LATE_EXAM_SAVE = ['exam_submitted', 'exam_time_over'];

/**
 * Offline at start-up (its own chunk, loaded after the first render): the outbox listens and
 * replays what waits, and the packs of the signed-in player's content language are kept fresh
 * — at start, when the network returns, when the player or the language changes, and after a
 * call that changes what a pack holds.
 */
export function startOffline(store: AppStore): void {
  let warmed = '';
  let timer: ReturnType<typeof setTimeout> | undefined;
  const warm = (force = false) => {
    const s = store.getState();
    const token = s.auth.token;
    const languageId = s.languages.currentLanguage.id;
    const key = `${token}|${languageId}`;
    if (!token || !navigator.onLine || (!force && key === warmed)) return;
    warmed = key;
    clearTimeout(timer);
    // After the screen's own calls: the packs are for later.
    timer = setTimeout(() => void warmPacks({ token, languageId }).catch(() => undefined), 1500);
  };

  startOutbox({
    onApplied: (a) => {
      const user = (a.data as { user?: { coins: number; all_time_score: number } } | null)?.user;
      if (user && typeof user.coins === 'number') store.dispatch(coinScoreChanged(user));
      warm(true);
    },
    onFailed: (f) => {
      // An exam answer queued past its attempt's end: the submission carried it (or the time was up).
      if (f.action === 'set_exam_module_answer' && LATE_EXAM_SAVE.includes(f.code)) return;
      toast.error(() => `${f.label ? `${f.label}: ` : ''}${errorMessage(f.code)}`);
    },
    current: () => {
      const { user, token } = store.getState().auth;
      return user && token ? { userId: user.id, token } : null;
    },
  });

  store.subscribe(() => warm());
  window.addEventListener('online', () => warm(true));
  configureApi({
    onSuccess: (action: ActionName) => {
      if (PACK_CHANGES.includes(action)) warm(true);
      // The server answered: results waiting since a bad moment go now.
      outboxNetworkWorks();
    },
  });
  warm();
  void keepPacksFreshInBackground();
}

/**
 * Asks for Periodic Background Sync of the packs (twice a day at most), where the browser offers
 * it (Chromium, for an installed app the player uses); elsewhere the packs refresh when the app
 * runs.
 */
async function keepPacksFreshInBackground(): Promise<void> {
  try {
    const reg = (await navigator.serviceWorker?.getRegistration()) as
      | (ServiceWorkerRegistration & {
          periodicSync?: { register(tag: string, o: { minInterval: number }): Promise<void> };
        })
      | undefined;
    if (!reg?.periodicSync) return;
    const state = await navigator.permissions
      .query({ name: 'periodic-background-sync' as PermissionName })
      .catch(() => null);
    if (state?.state !== 'granted') return;
    await reg.periodicSync.register(PACKS_SYNC_TAG, { minInterval: 12 * 3600_000 });
  } catch {
    // Not offered here: the packs refresh while the app runs.
  }
}
