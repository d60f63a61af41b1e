// Shared by the screenshot scripts: the browser as the brief prescribes it, and sign-in codes.
import { chromium } from '@playwright/test';

/** Debian's Chromium with the flags proven on these machines. */
export function launchChromium() {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/** The newest code the dev outbox of the server at `base` holds for an address. */
export async function outboxCode(base, to) {
  for (let i = 0; i < 20; i++) {
    const r = await fetch(`${base}/dev/outbox?to=${encodeURIComponent(to)}`).then((x) => x.json());
    if (r.data?.[0]?.code) return r.data[0].code;
    await new Promise((ok) => setTimeout(ok, 250));
  }
  throw new Error(`no code for ${to}`);
}
