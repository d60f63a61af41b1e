#!/usr/bin/env node
// Runs a TypeScript entry point (CLI tools, benchmarks) through tsx.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';

const [entry, ...args] = process.argv.slice(2);
if (!entry) {
  console.error('usage: node scripts/run-ts.mjs <file.ts> [args...]');
  process.exit(2);
}
const tsx = createRequire(import.meta.url).resolve('tsx/cli');
const r = spawnSync(process.execPath, [tsx, entry, ...args], { stdio: 'inherit' });
process.exit(r.status ?? 1);
