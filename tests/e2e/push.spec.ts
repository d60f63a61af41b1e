import { expect, test } from '@playwright/test';
import { apiPlayer, loginByEmail } from './support';

// Push notifications on the device: the notifications screen offers to turn them on (not on
// first visit); a push the server sends is shown by the service worker even with no page of the
// app in front — delivered here through CDP, as a push service would.
test('the service worker shows a pushed notification; the app offers to turn push on', async ({
  page,
  context,
  request,
}) => {
  const p = await apiPlayer(request, 'Pia Push');
  await loginByEmail(page, p.email, p.password);
  await page.goto('/profile/notifications');
  await expect(page.getByTestId('push-enable')).toBeVisible();
  if (process.env.SHOTS) await page.screenshot({ path: '.tmp/screens/push-offer.png', fullPage: true });

  await page.waitForFunction(async () => Boolean(await navigator.serviceWorker.getRegistration()), undefined, {
    timeout: 20_000,
  });
  await page.evaluate(() => navigator.serviceWorker.ready);
  await context.grantPermissions(['notifications']);

  const cdp = await context.newCDPSession(page);
  const registrations: { registrationId: string; scopeURL: string }[] = [];
  cdp.on('ServiceWorker.workerRegistrationUpdated', (e) => registrations.push(...e.registrations));
  await cdp.send('ServiceWorker.enable');
  await expect.poll(() => registrations.length).toBeGreaterThan(0);
  const origin = new URL(page.url()).origin;
  const payload = { title: 'Badge unlocked', body: 'You unlocked Brainiac.', link: '/profile/badges', tag: 'n42' };
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin,
    registrationId: registrations[0]!.registrationId,
    data: JSON.stringify(payload),
  });
  await expect
    .poll(() =>
      page.evaluate(async () =>
        (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
          title: n.title,
          body: n.body,
          tag: n.tag,
          link: (n.data as { link?: string } | null)?.link,
        })),
      ),
    )
    .toEqual([{ title: 'Badge unlocked', body: 'You unlocked Brainiac.', tag: 'n42', link: '/profile/badges' }]);
});
