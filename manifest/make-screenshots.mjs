// Takes the manifest's screenshots (the richer install dialog shows them): the home screen at
// 360×740 (narrow) and 1280×800 (wide), from the built app with its demo content.
// Run: node manifest/make-screenshots.mjs   (writes public/screenshots/*.png)
import { launchChromium, startBuiltServer } from '../tests/screens/support.mjs';

const root = new URL('../', import.meta.url).pathname;
const { base, stop } = await startBuiltServer(root);
const browser = await launchChromium();
try {
  for (const [name, width, height] of [
    ['home-narrow.png', 360, 740],
    ['home-wide.png', 1280, 800],
  ]) {
    const page = await browser.newPage({ viewport: { width, height } });
    await page.goto(base);
    await page.getByTestId('mode-quizZone').waitFor();
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: `${root}public/screenshots/${name}` });
    console.log(`public/screenshots/${name} ${width}x${height}`);
    await page.close();
  }
} finally {
  await browser.close();
  stop();
}
