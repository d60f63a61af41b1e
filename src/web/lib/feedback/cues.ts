import { feedbackPrefs } from './prefs';

/** What the game says with sound and vibration. */
export type Cue = 'right' | 'wrong' | 'tick' | 'countdown' | 'levelCleared' | 'coins' | 'victory' | 'defeat';

/** Vibration patterns (ms on, off, on…): short for right, a double buzz for wrong. */
const VIBRATION: Partial<Record<Cue, number | number[]>> = {
  right: 30,
  wrong: [70, 50, 70],
  tick: 20,
  levelCleared: [40, 40, 40, 40, 120],
  victory: [40, 40, 40, 40, 160],
  defeat: 250,
};

/** The sounds: synthesised with the Web Audio API in a chunk of their own, loaded at the first cue. */
const synth = () => import('./synth');

/**
 * Sounds a cue and vibrates, as the player's settings on this device allow. Never throws and never
 * waits: a browser without Web Audio or vibration simply stays quiet.
 */
export function cue(c: Cue): void {
  const prefs = feedbackPrefs();
  const pattern = VIBRATION[c];
  if (prefs.vibration && pattern !== undefined && typeof navigator !== 'undefined' && 'vibrate' in navigator)
    navigator.vibrate(pattern);
  if (prefs.effects && typeof AudioContext !== 'undefined')
    void synth()
      .then((s) => s.playEffect(c))
      .catch(() => undefined);
}

/** Starts or stops the background loop (only when the player has music on). */
export function music(on: boolean): void {
  if (typeof AudioContext === 'undefined') return;
  const wanted = on && feedbackPrefs().music;
  void synth()
    .then((s) => s.setMusic(wanted))
    .catch(() => undefined);
}
