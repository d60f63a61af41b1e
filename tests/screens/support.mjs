// Shared by the screenshot scripts: the browser as the brief prescribes it, sign-in codes, calls.
import { chromium } from '@playwright/test';

/** The Chromium flags proven on these machines. */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Debian's Chromium with the flags proven on these machines. */
export function launchChromium() {
  return chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: CHROMIUM_FLAGS });
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

/**
 * Starts the built app (`build/server.mjs`, building first when dist/ or build/ is missing) on a
 * free port with a fresh PGlite data dir and the demo content; `stop()` ends it and removes the
 * data. For scripts that look at the real app.
 */
export async function startBuiltServer(root) {
  const { spawn, spawnSync } = await import('node:child_process');
  const { existsSync, mkdtempSync, rmSync } = await import('node:fs');
  const { createServer } = await import('node:net');
  const { tmpdir } = await import('node:os');
  const { join } = await import('node:path');
  if (!existsSync(join(root, 'dist/index.html')) || !existsSync(join(root, 'build/server.mjs'))) {
    console.log('building the app…');
    const r = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
    if (r.status !== 0) throw new Error('the build failed');
  }
  const port = await new Promise((ok, fail) => {
    const s = createServer();
    s.once('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const { port: p } = s.address();
      s.close(() => ok(p));
    });
  });
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'shots-'));
  const server = spawn(process.execPath, ['build/server.mjs'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const stop = () => {
    if (server.exitCode === null) server.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  };
  process.on('exit', stop);
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) break;
    } catch {
      // not up yet
    }
    if (i > 240 || server.exitCode !== null) throw new Error('the server did not start');
    await new Promise((ok) => setTimeout(ok, 250));
  }
  return { base, stop };
}

/** Signs a new player up through the app's screens (name, e-mail, password, then the code sent). */
export async function signUpThroughApp(page, base, email) {
  await page.goto(`${base}/auth/sign-up`);
  await page.getByTestId('name').fill('Sam Tester');
  await page.getByTestId('email').fill(email);
  await page.getByTestId('password').fill('correct horse battery');
  await page.getByTestId('confirm-password').fill('correct horse battery');
  await page.getByTestId('submit').click();
  await page.getByTestId('code').fill(await outboxCode(base, email));
  await page.getByTestId('submit').click();
}

/** Chooses an interface language in the header's language menu. */
export async function chooseLanguage(page, code) {
  await page.getByTestId('language-switch').click();
  await page.getByTestId(`language-option-${code}`).click();
}
