// Shared by the parts of bench:pwa (bench/pwa.bench.mjs): throttling, the phone the pages are
// shown on, the persistent profiles, small helpers.
import { chromium } from '@playwright/test';
import { CHROMIUM_FLAGS } from '../../tests/screens/support.mjs';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Lighthouse's mobile network (its `mobileSlow4G` preset: 150 ms RTT, 1.6 Mbps down, 750 kbps up)
 * as the brief states it; CDP takes bytes per second. Lighthouse's own DevTools throttling adds
 * a 3.75× request latency (562.5 ms) to stand for the round trips of a new connection; CDP's
 * latency is per request, so these figures are the kinder reading of "slow 4G".
 */
export const SLOW_4G = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};
/** Lighthouse's mobile CPU slowdown. */
export const CPU_SLOWDOWN = 4;

/** A phone-sized page (Lighthouse's Moto G Power screen), the same for the app and the bare page. */
export const PHONE = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };

/**
 * A Chromium with a profile of its own in a temp dir (removed by `close()`), optionally listening
 * for CDP clients (Lighthouse) on `port`.
 */
export async function persistentChromium(tag, { port } = {}) {
  const dir = mkdtempSync(join(tmpdir(), `pwa-${tag}-`));
  // Also on Ctrl-C (the bench exits through process.exit), where `close()` is never reached.
  process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: '/usr/bin/chromium',
    headless: true,
    serviceWorkers: 'allow',
    ...PHONE,
    args: [...CHROMIUM_FLAGS, ...(port ? [`--remote-debugging-port=${port}`] : [])],
  });
  return {
    context,
    dir,
    async close() {
      await context.close().catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Throttles `page` to the mobile conditions above (network and CPU), through its own CDP session. */
export async function throttle(context, page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  return cdp;
}

/** `performance.mark('app-ready')`'s time since navigation start (ms), once the page has set it. */
export async function appReady(page) {
  await page.waitForFunction(() => performance.getEntriesByName('app-ready').length > 0, undefined, {
    timeout: 60_000,
  });
  return page.evaluate(() => performance.getEntriesByName('app-ready')[0].startTime);
}

export function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}

export function freePort() {
  return new Promise((ok, fail) => {
    const s = createServer();
    s.once('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => ok(port));
    });
  });
}

export const verdict = (ok) => (ok ? 'PASS' : 'FAIL');
export const sleep = (ms) => new Promise((ok) => setTimeout(ok, ms));
