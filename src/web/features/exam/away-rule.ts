import { EXAM_AWAY_LIMIT_MS } from '../../../core/rules/exam';

export interface AwayGuardOptions {
  /** Away longer than this breaks the rule (the spec's 5 s). */
  limitMs?: number;
  /** Called once, the first time the rule is found broken. */
  onViolation: () => void;
  /** Keeps the start of an away period (null: back) where a reload finds it (sessionStorage). */
  remember?: (since: number | null) => void;
  now?: () => number;
}

/**
 * The exam's "leaving the app for more than 5 seconds submits the exam", framework-free: `left`
 * when the page is hidden (or frozen, or unloaded), `back` when it shows again. Browsers throttle
 * or stop timers in hidden tabs, so the timer started on `left` is only one of two checks: `back`
 * measures the time away with the clock and decides too. A period that began before a reload is
 * handed in as `since` and judged by the first `back`.
 */
export class AwayGuard {
  private since: number | null;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private broken = false;
  private readonly limitMs: number;
  private readonly now: () => number;

  constructor(
    private readonly o: AwayGuardOptions,
    since: number | null = null,
  ) {
    this.limitMs = o.limitMs ?? EXAM_AWAY_LIMIT_MS;
    this.now = o.now ?? Date.now;
    this.since = since;
  }

  /** Whether the rule has been broken (the exam was, or is being, submitted for it). */
  get violated(): boolean {
    return this.broken;
  }

  /** The page went away: the clock starts (a second `left` while away changes nothing). */
  left(): void {
    if (this.broken || this.since !== null) return;
    this.since = this.now();
    this.o.remember?.(this.since);
    this.arm();
  }

  /** The page is back: away longer than the limit breaks the rule; otherwise it is forgiven. */
  back(): void {
    if (this.broken || this.since === null) return;
    if (this.judge()) return;
    clearTimeout(this.timer);
    this.since = null;
    this.o.remember?.(null);
  }

  /** Stops the timer (the exam is over or its screen is gone); what was remembered stays. */
  dispose(): void {
    clearTimeout(this.timer);
  }

  /** The timer for the rest of the limit (a timer that fires early arms itself again). */
  private arm() {
    clearTimeout(this.timer);
    if (this.since === null) return;
    const rest = Math.max(0, this.limitMs - (this.now() - this.since)) + 1;
    this.timer = setTimeout(() => {
      if (!this.judge()) this.arm();
    }, rest);
  }

  private judge(): boolean {
    if (this.broken || this.since === null) return this.broken;
    if (this.now() - this.since <= this.limitMs) return false;
    this.broken = true;
    clearTimeout(this.timer);
    this.o.onViolation();
    return true;
  }
}

/** The events that mean the page left or came back (visibility, bfcache, freeze and resume). */
export function bindAwayGuard(guard: AwayGuard, doc: Document = document, win: Window = window): () => void {
  const visibility = () => (doc.visibilityState === 'hidden' ? guard.left() : guard.back());
  const left = () => guard.left();
  const maybeBack = () => {
    if (doc.visibilityState !== 'hidden') guard.back();
  };
  doc.addEventListener('visibilitychange', visibility);
  doc.addEventListener('freeze', left);
  doc.addEventListener('resume', maybeBack);
  win.addEventListener('pagehide', left);
  win.addEventListener('pageshow', maybeBack);
  // Already hidden when the exam screen opens (a tab restored in the background).
  if (doc.visibilityState === 'hidden') guard.left();
  else guard.back();
  return () => {
    doc.removeEventListener('visibilitychange', visibility);
    doc.removeEventListener('freeze', left);
    doc.removeEventListener('resume', maybeBack);
    win.removeEventListener('pagehide', left);
    win.removeEventListener('pageshow', maybeBack);
    guard.dispose();
  };
}
