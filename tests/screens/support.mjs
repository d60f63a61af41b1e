// Shared by the screenshot scripts: the browser as the brief prescribes it, sign-in codes, calls.
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

/** Calls an action of the server at `base`; throws on an error reply. */
export async function post(base, action, fields, token) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, String(v));
  const r = await fetch(`${base}/api/${action}`, {
    method: 'POST',
    body: form,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  const body = await r.json();
  if (body.error) throw new Error(`${action}: ${JSON.stringify(body)}`);
  return body.data;
}
