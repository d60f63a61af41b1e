import { gunzipSync } from 'node:zlib';

const BLOCK = 512;

export interface TarEntry {
  /** Path inside the archive, without a leading "/" or "./". */
  name: string;
  type: 'file' | 'dir' | 'other';
  data: Uint8Array;
}

/** The archive's bytes: gunzipped when they start with gzip's magic number. */
export function tarBytes(bytes: Uint8Array): Uint8Array {
  return bytes[0] === 0x1f && bytes[1] === 0x8b ? gunzipSync(bytes) : bytes;
}

function text(b: Uint8Array, from: number, length: number): string {
  const end = b.subarray(from, from + length).indexOf(0);
  return Buffer.from(b.subarray(from, end === -1 ? from + length : from + end)).toString('utf8');
}

/** A header's stored checksum matches its bytes (the field itself counted as spaces). */
function checksumHolds(h: Uint8Array): boolean {
  const stored = parseInt(text(h, 148, 8).trim(), 8);
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 0x20 : h[i]!;
  return stored === sum;
}

/**
 * Reads a (ustar) tar archive's entries; throws on anything that is not one: a bad header
 * checksum, a size past the end, or no entries at all.
 */
export function readTar(tar: Uint8Array): TarEntry[] {
  const entries: TarEntry[] = [];
  let at = 0;
  while (at + BLOCK <= tar.length) {
    const h = tar.subarray(at, at + BLOCK);
    if (h.every((b) => b === 0)) break; // the end-of-archive blocks
    if (!checksumHolds(h)) throw new Error(`not a tar archive (bad header at byte ${at})`);
    const prefix = text(h, 345, 155);
    const name = (prefix ? `${prefix}/` : '') + text(h, 0, 100);
    const size = parseInt(text(h, 124, 12).trim() || '0', 8);
    const flag = String.fromCharCode(h[156]!);
    if (!Number.isFinite(size) || at + BLOCK + size > tar.length) throw new Error(`truncated tar archive (${name})`);
    entries.push({
      name: name.replace(/^(\.?\/)+/, ''),
      type: flag === '5' ? 'dir' : flag === '0' || flag === '\0' ? 'file' : 'other',
      data: tar.subarray(at + BLOCK, at + BLOCK + size),
    });
    at += BLOCK + Math.ceil(size / BLOCK) * BLOCK;
  }
  if (entries.length === 0) throw new Error('not a tar archive (no entries)');
  return entries;
}
