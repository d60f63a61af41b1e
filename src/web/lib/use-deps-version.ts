import { useState } from 'react';

/**
 * A number that changes when `deps` change (compared item by item with Object.is, as React
 * compares an effect's dependencies): for hooks that take their caller's dependency list, so
 * their effect lists `[version]` and the lint can check it. Made with React's pattern for
 * information from the previous render (a state set while rendering), not with a ref.
 */
export function useDepsVersion(deps: readonly unknown[]): number {
  const [seen, setSeen] = useState({ deps, version: 0 });
  const changed = seen.deps.length !== deps.length || seen.deps.some((d, i) => !Object.is(d, deps[i]));
  if (changed) {
    const next = { deps, version: seen.version + 1 };
    setSeen(next);
    return next.version;
  }
  return seen.version;
}
