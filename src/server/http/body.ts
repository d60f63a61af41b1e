import type { FastifyRequest } from 'fastify';
import type { UploadedFile } from '../domain/uploads';
import { AppError } from '../errors';

export type { UploadedFile };

export interface ParsedBody {
  fields: Record<string, unknown>;
  files: Record<string, UploadedFile>;
}

const MAX_FIELD_BYTES = 100_000;
const MAX_FIELDS = 60;

/**
 * Reads the fields (and declared files) of a multipart, urlencoded or JSON body. Files the
 * action does not declare are drained and dropped; a declared file over its cap is a 413.
 */
export async function readBody(req: FastifyRequest, fileCaps: Record<string, number> = {}): Promise<ParsedBody> {
  if (!req.isMultipart()) {
    const body = req.body;
    if (body === undefined || body === null || body === '') return { fields: {}, files: {} };
    if (typeof body !== 'object' || Array.isArray(body)) {
      throw new AppError('invalid_input', { message: 'The body must be an object of fields.' });
    }
    return { fields: { ...(body as Record<string, unknown>) }, files: {} };
  }
  const fields: Record<string, unknown> = {};
  const files: Record<string, UploadedFile> = {};
  const largest = Math.max(1, ...Object.values(fileCaps));
  try {
    for await (const part of req.parts({
      limits: { fileSize: largest, files: 3, fields: MAX_FIELDS, fieldSize: MAX_FIELD_BYTES },
    })) {
      if (part.type === 'file') {
        const cap = fileCaps[part.fieldname];
        if (cap === undefined) {
          part.file.resume();
          continue;
        }
        const buffer = await part.toBuffer().catch((e: unknown) => {
          throw (e as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE' ? tooLarge(part.fieldname) : e;
        });
        if (buffer.length > cap) throw tooLarge(part.fieldname);
        files[part.fieldname] = { filename: part.filename, mimetype: part.mimetype, buffer };
      } else {
        if (part.fieldnameTruncated || part.valueTruncated) {
          throw new AppError('invalid_input', { field: part.fieldname, message: 'Field too long.' });
        }
        fields[part.fieldname] = part.value;
      }
    }
  } catch (e) {
    if (e instanceof AppError) throw e;
    const code = (e as { code?: string }).code ?? '';
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      const fields = Object.keys(fileCaps);
      throw fields.length === 1 ? tooLarge(fields[0]!) : new AppError('payload_too_large');
    }
    if (code.startsWith('FST_') || e instanceof Error) {
      throw new AppError('invalid_input', { message: 'The form data could not be read.' });
    }
    throw e;
  }
  return { fields, files };
}

/** A file over its cap: an image says so in the words players know, anything else is "too large". */
function tooLarge(field: string): AppError {
  return new AppError(/image/i.test(field) ? 'image_too_large' : 'payload_too_large', { field });
}
