// A countdown to a deadline the server set (exams, contests), on this device's clock corrected by
// the server's offset.
import { useEffect, useRef, useState } from 'react';

/** The server's clock minus this device's, from a reply's `server_time` and when it arrived. */
export function clockOffset(serverTime: string, receivedAt: number): number {
  const t = Date.parse(serverTime);
  return Number.isFinite(t) ? t - receivedAt : 0;
}

/** Milliseconds left to a server deadline (ISO), by this device's clock corrected by `offsetMs`. */
export function msLeft(deadline: string, offsetMs: number, now: number = Date.now()): number {
  const d = Date.parse(deadline);
  return Number.isFinite(d) ? Math.max(0, d - (now + offsetMs)) : 0;
}

/** "mm:ss" ("h:mm:ss" from an hour) of a number of seconds. */
export function clockText(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const pad = (n: number) => String(n).padStart(2, '0');
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  return h > 0 ? `${h}:${pad(m)}:${pad(s % 60)}` : `${pad(m)}:${pad(s % 60)}`;
}

/**
 * Milliseconds left to a server deadline, ticking; `onExpire` once when it reaches zero. Measured
 * against the clock at each tick, so a throttled (background) tab still ends on time.
 */
export function useDeadline(deadline: string, offsetMs: number, running: boolean, onExpire: () => void): number {
  const [left, setLeft] = useState(() => msLeft(deadline, offsetMs));
  const expire = useRef(onExpire);
  expire.current = onExpire;
  useEffect(() => {
    if (!running) return;
    let fired = false;
    const tick = () => {
      const ms = msLeft(deadline, offsetMs);
      setLeft(ms);
      if (ms <= 0 && !fired) {
        fired = true;
        clearInterval(id);
        expire.current();
      }
    };
    const id = setInterval(tick, 250);
    tick();
    return () => clearInterval(id);
  }, [deadline, offsetMs, running]);
  return left;
}
