import { useEffect, useRef, useState } from 'react';

/**
 * Seconds left of `seconds`, restarted when `key` changes; calls `onExpire` once at zero.
 * `spent` seconds were used before this screen (a resumed question, by the server's clock).
 */
export function useCountdown(seconds: number, key: unknown, running: boolean, onExpire: () => void, spent = 0): number {
  const total = Math.max(0, seconds - spent);
  const [left, setLeft] = useState(Math.ceil(total));
  const expire = useRef(onExpire);
  expire.current = onExpire;

  useEffect(() => {
    // Paused (answer revealed): the clock keeps showing where it stopped.
    if (!running) return;
    setLeft(Math.ceil(total));
    // Measured against the clock, not by counting ticks: a throttled tab still ends on time.
    const end = Date.now() + total * 1000;
    const id = setInterval(() => {
      const s = Math.max(0, Math.ceil((end - Date.now()) / 1000));
      setLeft(s);
      if (s === 0) {
        clearInterval(id);
        expire.current();
      }
    }, 250);
    return () => clearInterval(id);
  }, [total, key, running]);

  return left;
}
