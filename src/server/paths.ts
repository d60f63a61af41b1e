import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The project root: the nearest folder above this module with a package.json. */
function findRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json'))) {
    const up = dirname(dir);
    if (up === dir) return process.cwd();
    dir = up;
  }
  return dir;
}

export const ROOT = findRoot();
export const PATHS = {
  migrations: join(ROOT, 'src/server/db/migrations'),
  demoContent: join(ROOT, 'src/server/db/seed/demo-content'),
  locales: join(ROOT, 'locales'),
  dist: join(ROOT, 'dist'),
};
