import { createContext, useLayoutEffect, useState, useTransition, type ReactNode } from 'react';
import { Router } from 'react-router-dom';
import { history } from './history';

/** True while the next route (a lazy chunk) is loading and the old page is still shown. */
export const RoutePendingContext = createContext(false);

/** A browser router whose location updates run in a transition we can watch. */
export function AppRouter({ children }: { children: ReactNode }) {
  const [state, setState] = useState({ action: history.action, location: history.location });
  const [pending, startTransition] = useTransition();
  useLayoutEffect(() => history.listen((next) => startTransition(() => setState(next))), []);
  return (
    <RoutePendingContext value={pending}>
      <Router location={state.location} navigationType={state.action} navigator={history}>
        {children}
      </Router>
    </RoutePendingContext>
  );
}
