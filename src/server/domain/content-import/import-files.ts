import { readdirSync, statSync } from 'node:fs';
import { basename, extname, join } from 'node:path';
import { formatOfName, type Format } from './parse-file';

/** A file found for an import, or one left out of a folder and why. */
export type FoundFile = { path: string; format: Format } | { path: string; skipped: string };

/**
 * The files an import of `path` reads: the file itself, or every visible file of a folder
 * (not its subfolders) in name order, each in `format` or the format its name implies.
 */
export function listImportFiles(path: string, format?: Format): FoundFile[] {
  if (!statSync(path).isDirectory()) {
    const f = format ?? formatOfName(path);
    return [f ? { path, format: f } : { path, skipped: 'unknown format: give --format' }];
  }
  return readdirSync(path)
    .filter((n) => !n.startsWith('.'))
    .sort()
    .map((n) => join(path, n))
    .filter((p) => statSync(p).isFile())
    .map((p) => {
      const f = format ?? formatOfName(p);
      return f ? { path: p, format: f } : { path: p, skipped: 'unknown format' };
    });
}

/** The category a file's questions go to when nothing else names one: "science-technology" → "Science Technology". */
export function categoryNameOfFile(path: string): string {
  return basename(path, extname(path))
    .split(/[-_\s]+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join(' ');
}
