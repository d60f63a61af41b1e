import type { Metadata } from 'sharp';
import { AppError } from '../errors';

const ACCEPTED = new Set(['jpeg', 'png', 'webp', 'gif', 'avif']);
/** Largest decoded image accepted: stops decompression bombs before they are decoded. */
export const MAX_INPUT_PIXELS = 25_000_000;

/**
 * Re-encodes an uploaded picture as a square WebP of `size` pixels. The type is read from
 * the bytes, not the name or the declared type; metadata (EXIF, GPS) is dropped.
 */
export function reencodeAvatar(input: Buffer, size = 256): Promise<Buffer> {
  return reencodeImage(input, { size, fit: 'cover' });
}

/**
 * Re-encodes an uploaded picture as WebP, as reencodeAvatar: `cover` crops it to a `size`
 * square, `inside` keeps its shape within `size` × `size` (never enlarged).
 */
export async function reencodeImage(input: Buffer, o: { size: number; fit: 'cover' | 'inside' }): Promise<Buffer> {
  const { size } = o;
  // Loaded on first upload, not at start-up.
  const { default: sharp } = await import('sharp');
  let meta: Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new AppError('image_invalid', { field: 'image' });
  }
  if (!meta.format || !ACCEPTED.has(meta.format) || !meta.width || !meta.height) {
    throw new AppError('image_invalid', { field: 'image' });
  }
  if (meta.width * meta.height > MAX_INPUT_PIXELS) {
    throw new AppError('image_too_large', {
      field: 'image',
      message: 'The image has too many pixels (at most 25 megapixels).',
    });
  }
  try {
    return await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, animated: false })
      .rotate()
      .resize(size, size, { fit: o.fit, withoutEnlargement: o.fit === 'inside' })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw new AppError('image_invalid', { field: 'image' });
  }
}
