#!/usr/bin/env node
// Bundles the server into build/server.mjs.
import { build } from 'esbuild';

await build({
  // The server, and the battle rooms' worker thread it starts on PostgreSQL (room-ops-worker-client.ts).
  entryPoints: {
    server: 'src/server/server.ts',
    'room-ops-worker': 'src/server/realtime/room-ops-worker.ts',
  },
  outdir: 'build',
  outExtension: { '.js': '.mjs' },
  // The app and its dependencies load in a chunk of their own while the database opens.
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  // Pure-JS dependencies are bundled (one file parses faster than hundreds resolved at start);
  // native, WebAssembly and worker-thread ones stay in node_modules.
  external: [
    '@electric-sql/pglite',
    'sharp',
    '@node-rs/argon2',
    'pg',
    'pg-native',
    'pino',
    'pino-pretty',
    'thread-stream',
    'nodemailer',
    // Loaded only with REDIS_URL; a CommonJS package whose named exports a bundle would lose.
    'redis',
    'ws',
    // Loaded only in Firebase mode (FIREBASE_PROJECT_ID); its gRPC parts read files of their own.
    'firebase-admin',
  ],
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  sourcemap: true,
  logLevel: 'warning',
});
console.log('server built: build/server.mjs, build/room-ops-worker.mjs');
