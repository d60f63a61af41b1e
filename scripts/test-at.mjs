#!/usr/bin/env node
// `npm run test:server:at -- 23:50`: the server suites on the embedded database with every
// clock of the run (this process, Vitest's workers, PGlite inside them, child processes) moved
// to the next 23:50 UTC, through libfaketime (Debian's `faketime`). Shows the suites do not
// depend on the time of day: run it at 23:50 and 00:10 (around midnight UTC, where "today"
// changes for the server and not yet for a player east of it). PostgreSQL's own clock cannot be
// moved from here, so the run is on PGlite. Extra arguments go to Vitest (file filters).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const [at, ...rest] = process.argv.slice(2);
const m = /^(\d{1,2}):(\d{2})$/.exec(at ?? '');
if (!m || Number(m[1]) > 23 || Number(m[2]) > 59) {
  console.error('usage: npm run test:server:at -- HH:MM [vitest filters]   (a UTC time of day)');
  process.exit(2);
}
if (!existsSync('/usr/bin/faketime')) {
  console.error(
    "libfaketime is missing. Install Debian's package, then run again:\n  sudo apt-get install -y faketime",
  );
  process.exit(1);
}
const now = new Date();
const target = new Date(
  Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), Number(m[1]), Number(m[2])),
);
if (target.getTime() < now.getTime()) target.setUTCDate(target.getUTCDate() + 1);
// A relative offset keeps every process of the run on one clock (an absolute start time would
// restart the clock in each new process).
const offset = Math.round((target.getTime() - now.getTime()) / 1000);
console.log(`Server suites on PGlite with the clock at ${target.toISOString()} (faketime +${offset}s)`);
const { DATABASE_URL: _pg, ...env } = process.env;
const r = spawnSync('faketime', ['-f', `+${offset}s`, 'npx', 'vitest', 'run', '--project', 'server', ...rest], {
  stdio: 'inherit',
  env,
});
process.exit(r.status ?? 1);
