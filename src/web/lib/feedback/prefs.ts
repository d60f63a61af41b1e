/**
 * The player's sound and vibration settings, kept on this device rather than the account: a phone
 * on the train is silent, the tablet at home is not. Read once, then held in memory; components
 * follow them through `subscribeFeedbackPrefs` (useSyncExternalStore).
 */
export interface FeedbackPrefs {
  /** Short sounds: right, wrong, time running out, level cleared, coins, victory, defeat. */
  effects: boolean;
  /** A quiet loop while a quiz or a battle runs. */
  music: boolean;
  /** Vibration on an answer and in the last seconds. */
  vibration: boolean;
}

export const DEFAULT_FEEDBACK: FeedbackPrefs = { effects: true, music: false, vibration: true };

const KEY = 'quizhub.feedback';
let current: FeedbackPrefs | null = null;
const listeners = new Set<() => void>();

function read(): FeedbackPrefs {
  try {
    const v = JSON.parse(localStorage.getItem(KEY) ?? '{}') as Partial<Record<keyof FeedbackPrefs, unknown>>;
    const flag = (k: keyof FeedbackPrefs) => (typeof v[k] === 'boolean' ? v[k] : DEFAULT_FEEDBACK[k]);
    return { effects: flag('effects'), music: flag('music'), vibration: flag('vibration') };
  } catch {
    // No storage (a locked-down browser) or a damaged value: the defaults.
    return DEFAULT_FEEDBACK;
  }
}

/** The settings now. */
export function feedbackPrefs(): FeedbackPrefs {
  return (current ??= read());
}

/** Changes some settings, keeps them on the device and tells who follows them. */
export function setFeedbackPrefs(change: Partial<FeedbackPrefs>): void {
  current = { ...feedbackPrefs(), ...change };
  try {
    localStorage.setItem(KEY, JSON.stringify(current));
  } catch {
    // Kept for this visit only.
  }
  for (const l of listeners) l();
}

export function subscribeFeedbackPrefs(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Forgets what was read (tests start from the device's storage again). */
export function resetFeedbackPrefsForTest(): void {
  current = null;
}
