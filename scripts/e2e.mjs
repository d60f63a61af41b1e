#!/usr/bin/env node
// `npm run test:e2e`: makes sure Debian's Chromium is there (installs it when run as root),
// builds the app once, then runs Playwright with two workers.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CHROMIUM = '/usr/bin/chromium';
if (!existsSync(CHROMIUM)) {
  if (process.getuid?.() === 0) {
    console.log('Installing Debian chromium (apt-get)…');
    const run = (args) =>
      spawnSync('apt-get', args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
    if (run(['update', '-qq']).status !== 0 || run(['install', '-y', '-qq', 'chromium']).status !== 0) process.exit(1);
  } else {
    console.error(
      `${CHROMIUM} is missing. Install Debian's browser, then run again:\n  sudo apt-get install -y chromium`,
    );
    process.exit(1);
  }
}
const step = (cmd, args) => {
  const r = spawnSync(cmd, args, { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
};
if (!process.env.E2E_SKIP_BUILD) step('npm', ['run', 'build']);
step('npx', ['playwright', 'test', '--workers=2', ...process.argv.slice(2)]);
