import { randomUUID } from 'node:crypto';
import { sql, type Db } from '../../db/client';
import type { UploadedFile } from '../uploads';
import { AppError } from '../../errors';
import { reencodeImage } from '../images';

interface AudioKind {
  ext: 'mp3' | 'ogg' | 'm4a' | 'wav';
  contentType: string;
}

const ascii = (b: Buffer, from: number, to: number) => b.subarray(from, to).toString('latin1');
const M4A_BRANDS = new Set(['M4A ', 'M4B ', 'mp42', 'mp41', 'isom', 'iso2', 'dash']);

/**
 * The audio format of a file by its first bytes (never its name or declared type): MP3 (an ID3
 * tag or an MPEG audio frame header), Ogg, M4A (an MP4 `ftyp` box of an audio brand) or WAV
 * (RIFF/WAVE); undefined for anything else.
 */
export function audioKind(b: Buffer): AudioKind | undefined {
  if (b.length < 12) return undefined;
  if (ascii(b, 0, 3) === 'ID3') return { ext: 'mp3', contentType: 'audio/mpeg' };
  // MPEG frame sync (11 bits), a layer other than "reserved" and a bitrate other than "bad".
  if (b[0] === 0xff && (b[1]! & 0xe0) === 0xe0 && (b[1]! & 0x06) !== 0 && b[2]! >> 4 !== 0x0f)
    return { ext: 'mp3', contentType: 'audio/mpeg' };
  if (ascii(b, 0, 4) === 'OggS') return { ext: 'ogg', contentType: 'audio/ogg' };
  if (ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 12) === 'WAVE') return { ext: 'wav', contentType: 'audio/wav' };
  if (ascii(b, 4, 8) === 'ftyp' && M4A_BRANDS.has(ascii(b, 8, 12))) return { ext: 'm4a', contentType: 'audio/mp4' };
  return undefined;
}

async function store(db: Db, kind: string, contentType: string, ext: string, bytes: Buffer): Promise<string> {
  const id = randomUUID();
  // Content media has no owner: it outlives the operator who uploaded it.
  await db.run(sql`INSERT INTO media (id, owner_id, kind, content_type, bytes)
    VALUES (${id}::uuid, NULL, ${kind}, ${contentType}, ${bytes})`);
  return `/media/${id}.${ext}`;
}

/**
 * Stores an uploaded content image re-encoded as WebP (a 256 px square for a category's icon,
 * within 1024 px for a question); its path. A file that is not an image is a 400 on `field`.
 */
export async function storeImage(
  db: Db,
  file: UploadedFile,
  o: { kind: 'category_image' | 'subcategory_image' | 'question_image'; field: string },
): Promise<string> {
  const square = o.kind !== 'question_image';
  let webp: Buffer;
  try {
    webp = await reencodeImage(file.buffer, square ? { size: 256, fit: 'cover' } : { size: 1024, fit: 'inside' });
  } catch (e) {
    if (e instanceof AppError) throw new AppError(e.code, { field: o.field, message: e.message });
    throw e;
  }
  return store(db, o.kind, 'image/webp', 'webp', webp);
}

/** Stores an uploaded question audio as sent, once its bytes show it is MP3, OGG, M4A or WAV; its path. */
export async function storeAudio(db: Db, file: UploadedFile, field: string): Promise<string> {
  const kind = audioKind(file.buffer);
  if (!kind) throw new AppError('audio_invalid', { field });
  return store(db, 'question_audio', kind.contentType, kind.ext, file.buffer);
}
