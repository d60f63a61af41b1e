import { spawn } from 'node:child_process';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { ROOT, startOwnServer } from './own-server';
import { api, loginByEmail } from './support';

export const ADMIN = {
  email: 'olive.operator@example.test',
  password: 'a long operator password',
  name: 'Olive Operator',
};

/** `npm run admin:create` on a server's database (before it starts: the embedded one is exclusive). */
function adminCreate(env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((ok, fail) => {
    const cli = spawn(
      process.execPath,
      [
        'scripts/run-ts.mjs',
        'src/server/cli/admin-create.ts',
        '--email',
        ADMIN.email,
        '--password',
        ADMIN.password,
        '--name',
        ADMIN.name,
      ],
      { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    cli.stdout.on('data', (b: Buffer) => (out += b.toString()));
    cli.on('exit', (code) =>
      code === 0 && out.includes('Admin ready') ? ok() : fail(new Error(`admin:create: ${out}`)),
    );
  });
}

/**
 * A server of the console journeys' own, whose database has an admin made by `admin:create`;
 * `env` adds to its environment (production without a mail transport, say).
 */
export function startServerWithAdmin(env: Record<string, string> = {}) {
  return startOwnServer({
    env: { AUTH_RATE_LIMIT_PER_IP: '1000', SEND_RATE_LIMIT_PER_IP: '1000', ...env },
    prepare: adminCreate,
  });
}

/** The api_token of an e-mail account (login, then the profile step). */
export async function apiLogin(request: APIRequestContext, email: string, password: string): Promise<string> {
  const proof = await api(request, 'auth_email_login', { email, password });
  const user = await api(request, 'user_signup', { firebase_id: proof.firebase_id, type: 'email' }, proof.id_token);
  return user.api_token as string;
}

/** Signs the admin in on the login screen (the console sends a signed-out visitor there). */
export async function adminSignsIn(page: Page) {
  await loginByEmail(page, ADMIN.email, ADMIN.password);
}

/** Opens a console section from the navigation (the menu first on a narrow screen). */
export async function openSection(page: Page, section: string) {
  const link = page.getByTestId(`admin-nav-${section}`);
  const menu = page.getByTestId('admin-menu');
  // The menu toggles: open it only while it is closed (it stays open when a click did not navigate).
  await expect(async () => {
    if (!(await link.isVisible()) && (await menu.isVisible()) && (await menu.getAttribute('aria-expanded')) !== 'true')
      await menu.click();
    await expect(link).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  await link.click();
  await expect(link).toHaveClass(/active/);
}

/** Screenshots of the console when SHOTS is set (.tmp/screens/admin/<name>.png). */
export async function shot(page: Page, name: string) {
  if (!process.env.SHOTS) return;
  await page.waitForTimeout(300);
  await page.screenshot({ path: `.tmp/screens/admin/${name}.png` });
}
