import { useLocation, useNavigate } from 'react-router-dom';
import { uuid } from '../../lib/uuid';

/**
 * A start screen and its play on one route: starting pushes a history entry carrying the run
 * (so the browser's Back returns to the start screen, and a reload resumes the play); the play's
 * back link, to the bare route, shows the start screen again.
 */
export function useRun<T extends object>(): [(T & { key: string }) | null, (run: T) => void] {
  const location = useLocation();
  const navigate = useNavigate();
  const run = (location.state as { run?: T & { key: string } } | null)?.run ?? null;
  const start = (r: T) =>
    void navigate(`${location.pathname}${location.search}`, { state: { run: { ...r, key: uuid() } } });
  return [run, start];
}
