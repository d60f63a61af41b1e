#!/usr/bin/env node
// `npm run test:firebase`: the Firebase mode suites (`src/server/**/*.emulator.test.ts`, and the
// browser journeys in tests/e2e-firebase) against the Firebase Auth emulator. The emulator comes with firebase-tools, which is large (~300 MB):
// it is installed on first use into .tools/firebase-tools (not a dependency of the app), at the
// version pinned here, and started by `firebase emulators:exec` with firebase.json's ports (the
// Emulator UI off), which sets FIREBASE_AUTH_EMULATOR_HOST for the tests.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const FIREBASE_TOOLS = '15.34.2';
const PROJECT = 'demo-quiz';
const root = new URL('..', import.meta.url).pathname;
const prefix = join(root, '.tools', 'firebase-tools');
const bin = join(prefix, 'node_modules', '.bin', 'firebase');

function installedVersion() {
  try {
    return JSON.parse(readFileSync(join(prefix, 'node_modules', 'firebase-tools', 'package.json'), 'utf8')).version;
  } catch {
    return undefined;
  }
}

if (installedVersion() !== FIREBASE_TOOLS || !existsSync(bin)) {
  console.log(
    `Installing firebase-tools ${FIREBASE_TOOLS} into .tools/firebase-tools (first run only; a few minutes)…`,
  );
  mkdirSync(prefix, { recursive: true });
  const r = spawnSync(
    'npm',
    ['install', '--prefix', prefix, '--no-audit', '--no-fund', '--no-save', `firebase-tools@${FIREBASE_TOOLS}`],
    { stdio: 'inherit' },
  );
  if (r.status !== 0 || !existsSync(bin)) {
    console.error(
      `Could not install firebase-tools. Install it by hand: npm install --prefix .tools/firebase-tools firebase-tools@${FIREBASE_TOOLS}`,
    );
    process.exit(1);
  }
}

// The browser journeys need the built app (npm test builds it for the end-to-end suite first).
if (!existsSync(join(root, 'build', 'server.mjs')) || !existsSync(join(root, 'dist', 'index.html'))) {
  const b = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (b.status !== 0) process.exit(b.status ?? 1);
}

const suites =
  'npx vitest run --project firebase && npx playwright test --config playwright.firebase.config.ts --workers=2';
const r = spawnSync(bin, ['emulators:exec', '--only', 'auth', '--project', PROJECT, suites], {
  cwd: root,
  stdio: 'inherit',
  // The emulator needs no login and must not look for updates (no internet here).
  env: { ...process.env, FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true', NO_UPDATE_NOTIFIER: '1' },
});
process.exit(r.status ?? 1);
