#!/usr/bin/env node
// `npm start`: builds the app and server when they are missing or older than their sources,
// then serves both on the embedded default (or on DATABASE_URL when it is set).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const SOURCES = ['src', 'sw', 'locales', 'manifest', 'public', 'index.html', 'vite.config.ts', 'package.json'];
const OUTPUTS = ['dist/index.html', 'build/server.mjs'];

function newest(path) {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let m = 0;
  for (const e of readdirSync(path)) m = Math.max(m, newest(join(path, e)));
  return m;
}

const built = OUTPUTS.every((o) => existsSync(o)) ? Math.min(...OUTPUTS.map((o) => statSync(o).mtimeMs)) : 0;
if (built === 0 || Math.max(...SOURCES.map(newest)) > built) {
  console.log('Building the app (first start or changed sources)…');
  const r = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

// Out of the box there is no mail server: codes go to the dev outbox and the log. A real
// deployment sets NODE_ENV=production and SMTP_URL / SMS_WEBHOOK_URL (README).
process.env.NODE_ENV ||= 'development';
process.setSourceMapsEnabled(true);
// The server runs in this process (one Node start, not two); it handles its own signals.
await import(pathToFileURL('build/server.mjs').href);
