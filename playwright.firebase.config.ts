import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import base from './playwright.config';

// Firebase mode's journeys (npm run test:firebase, inside `firebase emulators:exec`, which sets
// FIREBASE_AUTH_EMULATOR_HOST): the built server in Firebase mode against the Auth emulator; the
// browser signs in through the Firebase SDK, connected to the same emulator.
const PORT = Number(process.env.E2E_FIREBASE_PORT ?? 8191);
const EMULATOR = process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9099';
const DATA_DIR = join(mkdtempSync(join(tmpdir(), 'quiz-e2e-firebase-')), 'data');
export const FIREBASE_PROJECT = 'demo-quiz';
// The default journeys' server, in Firebase mode on a port and database of its own.
const server = base.webServer as Exclude<NonNullable<typeof base.webServer>, unknown[]>;

export default defineConfig({
  ...base,
  testDir: 'tests/e2e-firebase',
  use: { ...base.use, baseURL: `http://127.0.0.1:${PORT}` },
  webServer: {
    ...server,
    url: `http://127.0.0.1:${PORT}/healthz`,
    env: {
      ...server.env,
      PORT: String(PORT),
      DATA_DIR,
      FIREBASE_PROJECT_ID: FIREBASE_PROJECT,
      FIREBASE_AUTH_EMULATOR_HOST: EMULATOR,
      FIREBASE_WEB_CONFIG: JSON.stringify({
        apiKey: 'fake-api-key',
        authDomain: `${FIREBASE_PROJECT}.firebaseapp.com`,
        projectId: FIREBASE_PROJECT,
        appId: '1:1:web:1',
      }),
    },
  },
});
