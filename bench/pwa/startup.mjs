// Part 1 of bench:pwa: cold and warm start of the app's home page (as a guest) against the bare
// React page, both throttled to Lighthouse's mobile conditions; time = `app-ready`'s startTime.
import { launchChromium } from '../../tests/screens/support.mjs';
import { appReady, median, PHONE, throttle } from './common.mjs';

/** A fresh context (no HTTP cache, no service worker) loading the page: the first visit. */
async function cold(browser, url) {
  const context = await browser.newContext(PHONE);
  try {
    const page = await context.newPage();
    await throttle(context, page);
    await page.goto(url);
    return await appReady(page);
  } finally {
    await context.close();
  }
}

/**
 * A context that has loaded the page before (unthrottled), then a throttled reload: the app with
 * its service worker installed and controlling the page, the bare page with its HTTP cache.
 */
async function warm(browser, url, { serviceWorker }) {
  const context = await browser.newContext(PHONE);
  try {
    const page = await context.newPage();
    await page.goto(url);
    await appReady(page);
    if (serviceWorker) {
      // The app registers its worker when idle after the first render, and the worker does not
      // claim open pages: wait until it is active, then reload until it controls the page.
      await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
      for (let i = 0; !(await page.evaluate(() => Boolean(navigator.serviceWorker.controller))); i++) {
        if (i === 5) throw new Error('the service worker never took control of the page');
        await page.reload();
        await appReady(page);
      }
    }
    await throttle(context, page);
    await page.reload();
    const t = await appReady(page);
    if (serviceWorker && !(await page.evaluate(() => Boolean(navigator.serviceWorker.controller))))
      throw new Error('the measured reload was not served by the service worker');
    return t;
  } finally {
    await context.close();
  }
}

/** Runs `runs` samples of each kind, interleaved so drift (a busy machine) hits both pages alike. */
export async function measureStartup({ appBase, bareBase, runs }) {
  const browser = await launchChromium();
  const t = { appCold: [], bareCold: [], appWarm: [], bareWarm: [] };
  try {
    // One unmeasured pass each: the servers' and the browser's first-request costs stay out.
    await cold(browser, `${appBase}/`);
    await cold(browser, `${bareBase}/`);
    for (let i = 0; i < runs; i++) {
      t.appCold.push(await cold(browser, `${appBase}/`));
      t.bareCold.push(await cold(browser, `${bareBase}/`));
      t.appWarm.push(await warm(browser, `${appBase}/`, { serviceWorker: true }));
      t.bareWarm.push(await warm(browser, `${bareBase}/`, { serviceWorker: false }));
      process.stdout.write(
        `  run ${i + 1}/${runs}: app cold ${t.appCold[i].toFixed(0)} · bare cold ${t.bareCold[i].toFixed(0)} · ` +
          `app warm ${t.appWarm[i].toFixed(0)} · bare warm ${t.bareWarm[i].toFixed(0)} ms\n`,
      );
    }
  } finally {
    await browser.close();
  }
  return {
    samples: t,
    appCold: median(t.appCold),
    bareCold: median(t.bareCold),
    appWarm: median(t.appWarm),
    bareWarm: median(t.bareWarm),
  };
}
