import { defineConfig } from 'vitest/config';
import { wholeCatalogue } from './locales/catalogue-plugin';

// Two projects: pure units (core rules, web reducers and components) and server suites that
// run against a real database (PGlite, or PostgreSQL when DATABASE_URL is set).
export default defineConfig({
  test: {
    projects: [
      {
        plugins: [wholeCatalogue()],
        test: {
          name: 'unit',
          include: [
            'src/core/**/*.test.ts',
            'src/web/**/*.test.{ts,tsx}',
            'sw/**/*.test.ts',
            'src/offline/**/*.test.ts',
          ],
          environment: 'node',
          setupFiles: ['src/web/test-setup.ts'],
        },
      },
      {
        test: {
          name: 'server',
          include: ['src/server/**/*.test.ts'],
          // Firebase emulator suites run in their own project (npm run test:firebase).
          exclude: ['src/server/**/*.emulator.test.ts'],
          environment: 'node',
          globalSetup: ['src/server/test-support/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Each file builds its own app and database; two at a time fits 2 cores.
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          name: 'firebase',
          include: ['src/server/**/*.emulator.test.ts'],
          environment: 'node',
          globalSetup: ['src/server/test-support/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          maxWorkers: 2,
        },
      },
    ],
  },
});
