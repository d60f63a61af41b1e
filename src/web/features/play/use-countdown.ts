import { useEffect, useRef, useState } from 'react';

/** Seconds left of `seconds`, restarted when `key` changes; calls `onExpire` once at zero. */
export function useCountdown(seconds: number, key: unknown, running: boolean, onExpire: () => void): number {
  const [left, setLeft] = useState(seconds);
  const expire = useRef(onExpire);
  expire.current = onExpire;

  useEffect(() => {
    // Paused (answer revealed): the clock keeps showing where it stopped.
    if (!running) return;
    setLeft(seconds);
    // Measured against the clock, not by counting ticks: a throttled tab still ends on time.
    const end = Date.now() + seconds * 1000;
    const id = setInterval(() => {
      const s = Math.max(0, Math.ceil((end - Date.now()) / 1000));
      setLeft(s);
      if (s === 0) {
        clearInterval(id);
        expire.current();
      }
    }, 250);
    return () => clearInterval(id);
  }, [seconds, key, running]);

  return left;
}
