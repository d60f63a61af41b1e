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

/** A 96×96 shortcut icon: a glyph drawn in white on the brand's purple rounded square. */
async function shortcut(name, glyph) {
  const svgText = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96">
    <rect width="96" height="96" rx="22" fill="#5b3cc4"/>${glyph}</svg>`;
  await sharp(Buffer.from(svgText)).png({ compressionLevel: 9 }).toFile(new URL(name, out).pathname);
  console.log(`public/icons/${name} 96x96`);
}
// The daily quiz: a calendar page with today's mark.
await shortcut(
  'shortcut-daily.png',
  `<rect x="22" y="26" width="52" height="46" rx="7" fill="#fff"/>
   <rect x="22" y="26" width="52" height="13" rx="6" fill="#ffc83d"/>
   <rect x="32" y="20" width="6" height="14" rx="3" fill="#fff"/><rect x="58" y="20" width="6" height="14" rx="3" fill="#fff"/>
   <circle cx="48" cy="56" r="8" fill="#5b3cc4"/>`,
);
// Battles: two crossed blades.
await shortcut(
  'shortcut-battle.png',
  `<g stroke="#fff" stroke-width="8" stroke-linecap="round">
     <line x1="26" y1="26" x2="70" y2="70"/><line x1="70" y1="26" x2="26" y2="70"/></g>
   <g stroke="#ffc83d" stroke-width="8" stroke-linecap="round">
     <line x1="20" y1="58" x2="38" y2="76"/><line x1="76" y1="58" x2="58" y2="76"/></g>`,
);
