#!/usr/bin/env node
// `npm test`: everything CI runs, in order — lint, types, unit tests, server suites on the
// embedded PGlite and (when DATABASE_URL is set) on PostgreSQL, the Firebase mode suites against
// the Firebase Auth emulator, then the end-to-end suite.
import { spawnSync } from 'node:child_process';

const { DATABASE_URL, ...withoutDb } = process.env;
const steps = [
  ['lint', ['npm', 'run', 'lint'], process.env],
  ['typecheck', ['npm', 'run', 'typecheck'], process.env],
  ['unit', ['npx', 'vitest', 'run', '--project', 'unit'], process.env],
  ['server on PGlite', ['npx', 'vitest', 'run', '--project', 'server'], withoutDb],
];
if (DATABASE_URL) {
  steps.push(['server on PostgreSQL', ['npx', 'vitest', 'run', '--project', 'server'], process.env]);
} else {
  console.log('DATABASE_URL is not set: the server suites run on PGlite only.');
}
steps.push(['end to end', ['node', 'scripts/e2e.mjs'], withoutDb]);
// Firebase mode against the Firebase Auth emulator (installs firebase-tools on first use; its
// browser journeys use the build the end-to-end step made).
steps.push(['firebase mode (Auth emulator)', ['node', 'scripts/firebase-tests.mjs'], process.env]);

const results = [];
for (const [name, [cmd, ...args], env] of steps) {
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const r = spawnSync(cmd, args, { stdio: 'inherit', env });
  results.push({ name, ok: r.status === 0, seconds: ((Date.now() - started) / 1000).toFixed(1) });
  if (r.status !== 0) break;
}
console.log('\n=== summary ===');
for (const r of results) console.log(`${r.ok ? 'ok  ' : 'FAIL'} ${r.name} (${r.seconds} s)`);
const failed = results.filter((r) => !r.ok).length;
console.log(`${results.length - failed} passed, ${failed} failed`);
process.exit(failed === 0 && results.length === steps.length ? 0 : 1);
