import type { Cue } from './cues';

// The game's sounds, made here with the Web Audio API (no sound files: nothing to license, nothing
// to download before the first screen). Each effect is a few short notes with a quick attack and
// a soft release, quiet enough not to startle.

let ctx: AudioContext | null = null;

function audio(): AudioContext {
  ctx ??= new AudioContext();
  // A context made before the player touched the page starts suspended; a tap resumes it.
  if (ctx.state === 'suspended') void ctx.resume();
  return ctx;
}

function tone(freq: number, at: number, length: number, type: OscillatorType = 'sine', volume = 0.14): void {
  const a = audio();
  const osc = a.createOscillator();
  const gain = a.createGain();
  osc.type = type;
  osc.frequency.value = freq;
  const t = a.currentTime + at;
  gain.gain.setValueAtTime(0.0001, t);
  gain.gain.exponentialRampToValueAtTime(volume, t + 0.01);
  gain.gain.exponentialRampToValueAtTime(0.0001, t + length);
  osc.connect(gain).connect(a.destination);
  osc.start(t);
  osc.stop(t + length + 0.02);
}

const notes = (freqs: number[], step: number, length: number, type: OscillatorType, volume?: number) =>
  freqs.forEach((f, i) => tone(f, i * step, length, type, volume));

// C major, in Hz.
const C5 = 523.25;
const E5 = 659.25;
const G5 = 783.99;
const C6 = 1046.5;

const EFFECTS: Record<Cue, () => void> = {
  right: () => notes([880, 1318.5], 0.09, 0.16, 'sine'),
  wrong: () => notes([233.08, 174.61], 0.13, 0.28, 'sawtooth', 0.06),
  tick: () => tone(1760, 0, 0.05, 'square', 0.04),
  countdown: () => tone(660, 0, 0.12, 'triangle'),
  coins: () => notes([1567.98, 2093], 0.07, 0.18, 'triangle', 0.1),
  levelCleared: () => notes([C5, E5, G5, C6], 0.1, 0.24, 'triangle'),
  victory: () => {
    notes([C5, E5, G5], 0.12, 0.16, 'square', 0.06);
    tone(C6, 0.36, 0.6, 'square', 0.07);
  },
  defeat: () => notes([392, 349.23, 311.13, 261.63], 0.18, 0.32, 'triangle', 0.1),
};

export function playEffect(c: Cue): void {
  EFFECTS[c]();
}

/** The background loop: a slow pentatonic figure, very quiet, one bar every two seconds. */
let loop: ReturnType<typeof setInterval> | null = null;
const FIGURE = [C5, E5, G5, E5, 587.33, G5, 880, G5];

function bar(): void {
  FIGURE.forEach((f, i) => tone(f / 2, i * 0.25, 0.22, 'triangle', 0.025));
}

export function setMusic(on: boolean): void {
  if (on && !loop) {
    bar();
    loop = setInterval(bar, 2000);
  } else if (!on && loop) {
    clearInterval(loop);
    loop = null;
  }
}
