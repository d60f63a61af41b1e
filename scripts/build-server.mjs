#!/usr/bin/env node
// Bundles the server into build/server.mjs (dependencies stay in node_modules).
import { build } from 'esbuild';

await build({
  entryPoints: ['src/server/server.ts'],
  outdir: 'build',
  outExtension: { '.js': '.mjs' },
  // The app and its dependencies load in a chunk of their own while the database opens.
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
console.log('server built: build/server.mjs');
