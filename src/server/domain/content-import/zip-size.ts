/**
 * The uncompressed size a ZIP file (an XLSX workbook) declares for all its entries, read from
 * its central directory, or null when the bytes are not a ZIP file. An XLSX reader inflates
 * every sheet in memory, so a 10 MB file of highly compressible XML could take gigabytes: the
 * declared sizes are checked before anything is inflated. A ZIP64 size (FFFFFFFF) counts as
 * infinite.
 */
export function zipUncompressedBytes(b: Uint8Array): number | null {
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  const end = findEndOfCentralDirectory(view);
  if (end < 0) return null;
  let entries = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  let total = 0;
  while (entries-- > 0) {
    if (at + 46 > b.byteLength || view.getUint32(at, true) !== 0x02014b50) return null;
    const size = view.getUint32(at + 24, true);
    total += size === 0xffffffff ? Infinity : size;
    at += 46 + view.getUint16(at + 28, true) + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
  }
  return total;
}

/** Offset of the end-of-central-directory record: within the last 22 + 65,535 bytes (its comment). */
function findEndOfCentralDirectory(view: DataView): number {
  for (let i = view.byteLength - 22; i >= Math.max(0, view.byteLength - 22 - 0xffff); i--) {
    if (view.getUint32(i, true) === 0x06054b50) return i;
  }
  return -1;
}
