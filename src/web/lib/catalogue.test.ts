import { describe, expect, it } from 'vitest';
import whole from '../../../locales/en/translation.json';
import { i18n, loadCatalogue, SHELL_GROUPS } from './i18n';

/** The web app's sources by path (`/src/web/...`). */
const SOURCES: Record<string, string> = import.meta.glob(['/src/web/**/*.{ts,tsx}', '!/src/web/**/*.test.*'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** `from` (a file) joined with a relative import. */
function join(from: string, spec: string): string {
  const parts = from.split('/').slice(0, -1);
  for (const p of spec.split('/')) {
    if (p === '..') parts.pop();
    else if (p !== '.') parts.push(p);
  }
  return parts.join('/');
}

/** The modules the entry chunk holds: main.tsx and what it imports statically, transitively. */
function entryModules(): string[] {
  const seen = new Set<string>();
  const stack = ['/src/web/main.tsx'];
  while (stack.length > 0) {
    const file = stack.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const m of SOURCES[file]!.matchAll(/^\s*import\s+(?!type\b)(?:[^'"]*?from\s+)?['"](\.[^'"]+)['"]/gm)) {
      const base = join(file, m[1]!);
      const found = [`${base}.ts`, `${base}.tsx`, base].find((c) => c in SOURCES);
      if (found) stack.push(found);
    }
  }
  return [...seen];
}

/**
 * Groups a module of the entry reads only after the whole catalogue is in: errorMessage's, whose
 * words the entry writes when a toast shows them (toast.error(() => …)), and the toaster loads
 * with the whole catalogue (app/App.tsx).
 */
const AFTER_CATALOGUE: Record<string, string[]> = { '/src/web/lib/i18n.ts': ['errors'] };

describe('the first screen’s catalogue', () => {
  it('holds every group of words the entry’s modules read', () => {
    const files = entryModules();
    // A broken walk would make this pass with nothing to check.
    expect(files.some((f) => f.endsWith('app/Header.tsx'))).toBe(true);
    expect(files.some((f) => f.endsWith('home/HomePage.tsx'))).toBe(true);
    const missing: string[] = [];
    for (const file of files) {
      for (const m of SOURCES[file]!.matchAll(/\bt\(\s*[`'"]([a-zA-Z]+)\./g)) {
        if (!SHELL_GROUPS.includes(m[1]!) && !AFTER_CATALOGUE[file]?.includes(m[1]!)) missing.push(`${file}: ${m[1]}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('is a part of the whole catalogue, not all of it', () => {
    const groups = Object.keys(whole);
    expect(SHELL_GROUPS.every((g) => groups.includes(g))).toBe(true);
    expect(SHELL_GROUPS.length).toBeLessThan(groups.length / 2);
  });

  it('loads the rest without overwriting the operator’s texts', async () => {
    i18n.addResource('en', 'translation', 'home.subtitle', 'Operator text');
    await loadCatalogue();
    expect(i18n.t('home.subtitle')).toBe('Operator text');
    expect(i18n.t('wallet.title')).toBe(whole.wallet.title);
  });
});
