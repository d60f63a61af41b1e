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

/**
 * A new, verified player of the server at `base` (e-mail sign-up through the dev outbox), with
 * its e-mail, password and user record; `extra` goes with user_signup (a friends_code, say).
 */
export async function signedUpPlayer(base, tag, extra = {}) {
  const email = `${tag}-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const password = 'correct horse battery';
  await post(base, 'auth_email_signup', { email, password, name: 'Sam Tester' });
  const proof = await post(base, 'auth_email_verify', { email, code: await outboxCode(base, email) });
  const user = await post(
    base,
    'user_signup',
    { firebase_id: proof.firebase_id, type: 'email', name: 'Sam Tester', device_id: crypto.randomUUID(), ...extra },
    proof.id_token,
  );
  return { email, password, user };
}

/** Signs `p` in through the login screen and waits for the signed-in header. */
export async function loginOnScreen(page, base, p) {
  await page.goto(`${base}/auth/login`);
  await page.getByTestId('email').fill(p.email);
  await page.getByTestId('password').fill(p.password);
  await page.getByTestId('submit').click();
  await page.getByTestId('coins-badge').waitFor();
}
