// Run: `node scripts/make-demo-audio.mjs [--force]` (needs espeak-ng and lame on the PATH).
// Builds public/audio/demo/*.mp3 from the `audio`/`speak` fields of the demo audio-mode content
// (src/server/db/seed/demo-content/modes/{en,ar}-audio.json). Existing files are kept unless
// --force is given.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const contentDir = join(root, 'src/server/db/seed/demo-content/modes');
const publicDir = join(root, 'public');
const voices = { en: 'en-us', ar: 'ar' };
const force = process.argv.includes('--force');

const work = mkdtempSync(join(tmpdir(), 'demo-audio-'));
const wav = join(work, 'tmp.wav');
let made = 0;
let skipped = 0;

try {
  for (const lang of Object.keys(voices)) {
    const content = JSON.parse(readFileSync(join(contentDir, `${lang}-audio.json`), 'utf8'));
    for (const category of content.categories) {
      for (const sub of category.subcategories) {
        for (const question of sub.levels.flat()) {
          if (!question.audio || !question.speak) continue;
          if (!question.audio.startsWith('/audio/demo/')) throw new Error(`unexpected path: ${question.audio}`);
          const out = join(publicDir, question.audio);
          if (existsSync(out) && !force) {
            skipped++;
            continue;
          }
          mkdirSync(dirname(out), { recursive: true });
          execFileSync('espeak-ng', ['-v', voices[lang], '-s', '140', '-w', wav, question.speak]);
          execFileSync('lame', ['--quiet', '-m', 'm', '--resample', '22.05', '-b', '32', wav, out]);
          made++;
          console.log(`made ${question.audio}`);
        }
      }
    }
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
console.log(`${made} made, ${skipped} kept (use --force to rebuild)`);
