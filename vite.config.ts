import { readFile } from 'node:fs/promises';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { compression } from 'vite-plugin-compression2';
import { webManifest } from './manifest/manifest';
import { wholeCatalogue } from './locales/catalogue-plugin';

const API_SERVER = 'http://localhost:8080';

/** The operator console's source and catalogues: players never import them, so a chunk holding
 * any of them is loaded by the console alone. The contract's zod field builders and zoned time too: since the
 * player's chunks build no schema (zod's builders are pure to the bundler), only the console's
 * forms read them (the offline journeys fail if a player's chunk ever lands in assets/console/). */
const CONSOLE_MODULE =
  /(^|[\\/])src[\\/]web[\\/]features[\\/]admin[\\/]|[\\/]locales[\\/][a-z-]+[\\/]admin\.json$|[\\/]src[\\/]core[\\/]contract[\\/](fields|zoned-time)\.ts$/;
const inConsole = (ids: readonly string[]) => ids.some((id) => CONSOLE_MODULE.test(id));
/** Firebase's SDK (Firebase mode only): its chunks, all of whose modules are the SDK's and its
 * dependencies', are fetched when that mode uses them, never precached for every player. */
const FIREBASE_SDK = /[\\/]node_modules[\\/](@firebase|firebase)[\\/]/;
const inFirebaseSdk = (ids: readonly string[]) =>
  ids.some((id) => FIREBASE_SDK.test(id)) && ids.every((id) => /[\\/]node_modules[\\/]/.test(id));
/** The console's styles, gathered in one chunk of this name (a style two of its chunks share
 * would otherwise make a chunk named after the file alone, with nothing saying it is the console's). */
const CONSOLE_STYLES = 'console-styles';

/**
 * Redux Toolkit is one module, in the entry (the first screen's slices). RTK Query, the app's
 * server state, comes with the screens that read through it, and uses parts of the toolkit the
 * first screen does not (thunks, matchers, selectors): imported by RTK Query, the toolkit is a
 * module of its own (the same file under another id), so those parts stay in RTK Query's chunk
 * instead of growing the entry. Its slices and middleware need no identity shared with the app's.
 */
function rtkQueryOwnToolkit(): Plugin {
  const COPY = '?rtk-query';
  return {
    name: 'rtk-query-own-toolkit',
    enforce: 'pre',
    apply: 'build',
    async resolveId(source, importer, options) {
      if (
        source !== '@reduxjs/toolkit' ||
        !importer ||
        !/[\\/]@reduxjs[\\/]toolkit[\\/]dist[\\/]query[\\/]/.test(importer)
      )
        return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved ? { ...resolved, id: `${resolved.id}${COPY}` } : null;
    },
    load(id) {
      return id.endsWith(COPY) ? readFile(id.slice(0, -COPY.length), 'utf8') : null;
    },
  };
}

/**
 * The modules the first screen runs (the entry's static imports, recursively): one chunk with the
 * entry, whatever lazy screens import from them too. Left to itself the bundler splits a module
 * the entry and some lazy chunks share into a small chunk of its own per set of importers, and
 * twenty small files of the first screen compress worse than one (issue 25 measured +4 KB gzip).
 */
const firstScreen = new Set<string>();
const QUESTION_UI = /\/src\/web\/ui\/question\/[^/]+\.tsx?$/;
const questionUi = new Set<string>();
/** The parts a battle's question shares (text, clock, keys, live region): a chunk of their own. */
const QUESTION_CORE =
  /\/(?:Announcer|Timer|use-countdown|OptionKeysHint|option-keys|use-question-lang|Rich|tex)\.tsx?$/;
function firstScreenModules(): Plugin {
  return {
    name: 'first-screen-modules',
    apply: 'build',
    buildEnd() {
      firstScreen.clear();
      const walk = (id: string) => {
        if (firstScreen.has(id)) return;
        firstScreen.add(id);
        for (const next of this.getModuleInfo(id)?.importedIds ?? []) walk(next);
      };
      for (const id of this.getModuleIds()) if (this.getModuleInfo(id)?.isEntry) walk(id);
      // The question's parts a screen imports statically (not those fetched on demand: KaTeX,
      // the review after a play).
      questionUi.clear();
      for (const id of this.getModuleIds())
        if (QUESTION_UI.test(id) && (this.getModuleInfo(id)?.importers.length ?? 0) > 0) questionUi.add(id);
    },
  };
}

// The player PWA: React, a TypeScript service worker (injectManifest) and the web manifest.
export default defineConfig({
  plugins: [
    rtkQueryOwnToolkit(),
    firstScreenModules(),
    wholeCatalogue(),
    react(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      // The app registers the worker itself, lazily, with workbox-window.
      injectRegister: false,
      manifest: webManifest,
      includeAssets: ['icons/apple-touch-icon.png', 'icons/icon.svg'],
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        // Demo category art is fetched on demand, not precached; KaTeX (about 80 KB) only when
        // a maths question shows, never for every player at install; the manifest's screenshots
        // are for the install dialog only.
        // The operator console is for admins only: its files (assets/console/) are fetched when opened.
        // Firebase's SDK (assets/firebase/, about 180 KB compressed) is fetched in Firebase mode only.
        globIgnores: ['images/**', 'assets/katex-chunk-*', 'assets/console/**', 'assets/firebase/**', 'screenshots/**'],
      },
      devOptions: { enabled: false },
    }),
    // Brotli and gzip copies beside each asset, served as they are (@fastify/static preCompressed):
    // a slow phone connection downloads about a quarter of the bytes. The shell and the worker stay
    // uncompressed only: they are small, and a deployment may patch them in place.
    compression({
      algorithms: ['brotliCompress', 'gzip'],
      threshold: 1024,
      exclude: [/index\.html$/, /sw\.js$/],
      logLevel: 'silent',
    }),
  ],
  server: {
    proxy: {
      '/api': API_SERVER,
      '/dev': API_SERVER,
      '/media': API_SERVER,
      '/healthz': API_SERVER,
    },
  },
  build: {
    outDir: 'dist',
    target: 'es2022',
    // dist/.vite/manifest.json: the chunk graph bench/routes.bench.mjs measures routes from.
    manifest: true,
    rolldownOptions: {
      // Building a zod schema has no effect beyond the schema (src/core/contract makes them at
      // module level): one nobody in a chunk reads is left out, and zod with it. The live
      // channel's client, say, reads one function of the realtime contract and no schema.
      treeshake: { manualPureFunctions: ['z'] },
      output: {
        codeSplitting: {
          groups: [
            { name: CONSOLE_STYLES, test: (id) => CONSOLE_MODULE.test(id) && id.endsWith('.css') },
            { name: 'shell', test: (id) => firstScreen.has(id) && !id.endsWith('.css') },
            // The question's parts: two chunks (what a battle shares: text, clock, keys, the live
            // region; and a solo play's answers: choices, pager, review of an answer) rather than
            // seven of 1–4 KB that a phone on HTTP/1.1 fetches six at a time before the first
            // question can be drawn.
            { name: 'question', test: (id) => questionUi.has(id) && QUESTION_CORE.test(id) },
            { name: 'answers', test: (id) => questionUi.has(id) },
          ],
        },
        // The console's files go to assets/console/ (decided here, not by a module's name), so
        // the precache can leave them out.
        chunkFileNames: (chunk) =>
          inConsole(chunk.moduleIds)
            ? 'assets/console/[name]-[hash].js'
            : inFirebaseSdk(chunk.moduleIds)
              ? 'assets/firebase/[name]-[hash].js'
              : 'assets/[name]-[hash].js',
        assetFileNames: (asset) =>
          inConsole(asset.originalFileNames) || asset.names.includes(`${CONSOLE_STYLES}.css`)
            ? 'assets/console/[name]-[hash][extname]'
            : 'assets/[name]-[hash][extname]',
      },
    },
  },
});
