// Renders manifest/icon.svg into the PNG icons the manifest and index.html name.
// Run: node manifest/make-icons.mjs   (writes public/icons/*.png and copies the SVG)
import { copyFile, mkdir, readFile } from 'node:fs/promises';
import sharp from 'sharp';

const src = new URL('./icon.svg', import.meta.url);
const out = new URL('../public/icons/', import.meta.url);
const svg = await readFile(src);
await mkdir(out, { recursive: true });

/** Renders the logo at `size`, on a full-bleed background when `pad` > 0 (maskable safe zone). */
async function render(name, size, pad = 0) {
  const inner = Math.round(size * (1 - pad * 2));
  let img = sharp(svg, { density: 384 }).resize(inner, inner);
  if (pad > 0) {
    const logo = await img.png().toBuffer();
    img = sharp({ create: { width: size, height: size, channels: 4, background: '#5b3cc4' } }).composite([
      { input: logo, gravity: 'centre' },
    ]);
  }
  await img.png({ compressionLevel: 9 }).toFile(new URL(name, out).pathname);
  console.log(`public/icons/${name} ${size}x${size}`);
}

await render('icon-192.png', 192);
await render('icon-512.png', 512);
// Maskable: the launcher may crop to a circle of 80 %, so the logo sits inside that.
await render('maskable-512.png', 512, 0.1);
await render('apple-touch-icon.png', 180, 0.06);
await copyFile(src, new URL('icon.svg', out));
