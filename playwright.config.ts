import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 8181);
// A fresh embedded database for every run: the journey starts from an empty install.
const DATA_DIR = process.env.E2E_DATA_DIR ?? join(mkdtempSync(join(tmpdir(), 'quiz-e2e-')), 'data');

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? 'list' : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    viewport: { width: 360, height: 740 },
    serviceWorkers: 'allow',
    trace: 'off',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  webServer: {
    command: 'node build/server.mjs',
    url: `http://127.0.0.1:${PORT}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR,
      DATABASE_URL: '',
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      // every journey signs up from 127.0.0.1
      AUTH_RATE_LIMIT_PER_IP: '1000',
      SEND_RATE_LIMIT_PER_IP: '1000',
      // battles: a short search and short rounds keep the journeys quick
      BATTLE_SEARCH_SECONDS: '4',
      BATTLE_ROUND_SECONDS: '6',
      BATTLE_ROUND_DELAY_MS: '800',
    },
  },
});
