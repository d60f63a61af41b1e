// The build bench:pwa measures, copied out of the checkout: others build in the same checkout,
// and a `vite build` while the bench runs swaps dist/'s hashed files under the server (a page
// then asks for an asset that is gone). The copy holds what build/server.mjs reads at run time.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// The server finds these from the nearest package.json above build/ (src/server/paths.ts).
const RUNTIME = [
  'package.json',
  'dist',
  'build',
  'locales',
  'src/server/db/migrations',
  'src/server/db/seed/demo-content',
];

/** Every file of the Vite manifest is there (a copy taken in the middle of a build is not whole). */
function whole(dist) {
  const manifest = join(dist, '.vite/manifest.json');
  if (!existsSync(manifest) || !existsSync(join(dist, 'sw.js'))) return false;
  const chunks = Object.values(JSON.parse(readFileSync(manifest, 'utf8')));
  return chunks.every((c) => [c.file, ...(c.css ?? [])].every((f) => existsSync(join(dist, f))));
}

/**
 * A temp root with the app's last build (built first if there is none), for startBuiltServer;
 * node_modules is the checkout's (linked). Removed by `remove()` or when the process exits.
 */
export async function snapshotBuild(root) {
  if (!existsSync(join(root, 'dist/index.html')) || !existsSync(join(root, 'build/server.mjs'))) {
    console.log('building the app…');
    if (spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' }).status !== 0)
      throw new Error('the build failed');
  }
  const dir = mkdtempSync(join(tmpdir(), 'pwa-app-'));
  const remove = () => rmSync(dir, { recursive: true, force: true });
  process.on('exit', remove);
  for (let attempt = 1; ; attempt++) {
    for (const p of RUNTIME) {
      rmSync(join(dir, p), { recursive: true, force: true });
      cpSync(join(root, p), join(dir, p), { recursive: true });
    }
    if (whole(join(dir, 'dist'))) break;
    if (attempt === 10) throw new Error('dist/ kept changing while it was copied (a build running?)');
    await new Promise((ok) => setTimeout(ok, 3000));
  }
  symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'), 'dir');
  return { root: dir, remove };
}
