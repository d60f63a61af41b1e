import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Pages a link opens straight into (a level shared by a friend, a notification's battle or
 * contest), each with the page module the app renders there (src/web/app/router.tsx). The shell
 * sent for one names that page's chunks as modulepreloads, so a phone fetches them beside the
 * entry rather than once the entry has run and asked for them: on a slow connection that was a
 * round trip and the entry's run before the first question's code could even start to come.
 */
export const DEEP_PAGES: readonly (readonly [RegExp, string])[] = [
  [/^\/quiz-zone\/[^/]+\/[^/]+\/\d+\/?$/, 'src/web/features/modes/quiz-zone/PlayPage.tsx'],
  [
    /^\/(?:guess-the-word|audio-questions|math-mania|multi-match-questions)\/[^/]+\/[^/]+\/\d+\/?$/,
    'src/web/features/modes/LevelPlayPage.tsx',
  ],
  [/^\/fun-and-learn\/[^/]+\/[^/]+\/\d+\/play\/?$/, 'src/web/features/modes/fun-and-learn/FunPlayPage.tsx'],
  [/^\/quiz-play\/daily-quiz-dashboard\/?$/, 'src/web/features/modes/DailyQuizPage.tsx'],
  [/^\/quiz-play\/true-and-false-play\/?$/, 'src/web/features/modes/TrueFalsePage.tsx'],
  [/^\/(?:random|group)-battle\/[^/]+\/?$/, 'src/web/features/battle/BattleRoomPage.tsx'],
  [/^\/contest-play\/\d+\/?$/, 'src/web/features/contest/ContestPlayPage.tsx'],
  [/^\/exam-module\/\d+\/?$/, 'src/web/features/exam/ExamPlayPage.tsx'],
];

/**
 * What every such page's first render asks for beside its own chunks: the frame's lazy part (the
 * phone's tab bar) and the whole English catalogue, which every page beyond the first screen
 * waits for in any language (each falls back to English: src/web/lib/i18n.ts `loadCatalogue`).
 */
export const FRAME_CHUNKS = ['src/web/app/TabBar.tsx', 'locales/en/translation.json?whole'];

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

/**
 * From the build's chunk graph (dist/.vite/manifest.json), the `<link>`s that preload the page a
 * path opens on: its chunk, the frame's, and the chunks they import statically that the entry
 * does not already bring (as modulepreloads), and their styles (as preloads, so they block nothing before the
 * page needs them). An empty string for any other path, or without a manifest. The manifest is
 * read again when it changes (a deployment may replace the build in place, as it may the shell).
 */
export function pagePreloads(root: string): (path: string) => string {
  const file = join(root, '.vite', 'manifest.json');
  let read: { mtime: number; linksOf: Map<string, string> } | undefined;
  return (path) => {
    const page = DEEP_PAGES.find(([pattern]) => pattern.test(path))?.[1];
    if (!page) return '';
    const mtime = statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? 0;
    if (read?.mtime !== mtime) read = { mtime, linksOf: mtime ? linksOf(file) : new Map() };
    return read.linksOf.get(page) ?? '';
  };
}

function linksOf(file: string): Map<string, string> {
  let manifest: Record<string, ManifestChunk>;
  try {
    manifest = JSON.parse(readFileSync(file, 'utf8')) as Record<string, ManifestChunk>;
  } catch {
    return new Map();
  }
  const closure = (key: string, into = new Set<string>()) => {
    if (into.has(key) || !manifest[key]) return into;
    into.add(key);
    for (const next of manifest[key].imports ?? []) closure(next, into);
    return into;
  };
  const shell = new Set<string>();
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) closure(key, shell);
  const links = new Map<string, string>();
  for (const [, page] of DEEP_PAGES) {
    if (links.has(page) || !manifest[page]) continue;
    const wanted = new Set<string>();
    for (const key of [page, ...FRAME_CHUNKS]) closure(key, wanted);
    const keys = [...wanted].filter((k) => !shell.has(k));
    const scripts = keys.map((k) => `<link rel="modulepreload" crossorigin href="/${manifest[k]!.file}">`);
    const styles = [...new Set(keys.flatMap((k) => manifest[k]!.css ?? []))].map(
      (css) => `<link rel="preload" as="style" crossorigin href="/${css}">`,
    );
    links.set(page, [...scripts, ...styles].join(''));
  }
  return links;
}
