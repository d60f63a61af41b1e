import { isAbsolute } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { z } from 'zod';
import { emailField, nameField } from '../../core/contract/fields';
import { passwordProblem } from '../../core/contract/password-policy';
import type { Database } from '../db/client';
import type { TaskHandler } from '../db/data-dir-lock';
import { ensureAdmin } from '../domain/admin/admin-account';
import { exportCategory } from '../domain/content-import/export-category';
import { importContent } from '../domain/content-import/import-content';
import { FORMATS, MAX_FILE_BYTES } from '../domain/content-import/parse-file';
import { dumpDatabase, writeBackup } from './pglite-backup';
import type { ServerTask } from './server-task-names';

const text = (max: number) => z.string().max(max);

const AdminCreate = z.object({
  email: emailField.pipe(z.email()),
  password: text(128).refine((p) => !passwordProblem(p), { error: 'the password is not acceptable' }),
  name: nameField,
});

const ContentImport = z.object({
  name: text(1000).min(1),
  format: z.enum(FORMATS),
  // base64: four characters for every three bytes.
  bytes: z.base64().max(Math.ceil(MAX_FILE_BYTES / 3) * 4 + 4),
  options: z.object({
    category: text(200).optional(),
    subcategory: text(200).optional(),
    language: text(20).optional(),
    type: z.number().int().min(1).max(6),
    dryRun: z.boolean(),
    skipErrors: z.boolean(),
  }),
});

const ContentExport = z.object({
  category: text(200).min(1),
  language: text(20).optional(),
  type: z.number().int().min(1).max(6),
});

const DbBackup = z.object({
  // Where the CLI was asked to write it: the server writes it (no size limit on the way back).
  out: text(4096).refine(isAbsolute, { error: 'must be an absolute path' }),
});

/** The first problem of a task's arguments, in the words the CLI would use. */
function parsed<T>(schema: z.ZodType<T>, args: unknown): T {
  const r = schema.safeParse(args);
  if (!r.success) {
    const i = r.error.issues[0]!;
    throw new Error(`${i.path.join('.') || 'arguments'}: ${i.message}`);
  }
  return r.data;
}

/**
 * Runs the tasks of SERVER_TASKS on the server's own open database, for a CLI that found the
 * server holding the embedded DATA_DIR (it asks through the lock's socket: same OS user, this
 * machine only). Arguments are checked as an action's fields are.
 */
export function serverTasks(db: Database): TaskHandler {
  return async (task, args) => {
    switch (task as ServerTask) {
      case 'admin-create':
        return { userId: await ensureAdmin(db, parsed(AdminCreate, args)) };
      case 'content-import': {
        const a = parsed(ContentImport, args);
        const bytes = Buffer.from(a.bytes, 'base64');
        return importContent(db, { name: a.name, bytes, format: a.format }, a.options);
      }
      case 'content-export':
        return exportCategory(db, parsed(ContentExport, args));
      case 'db-backup': {
        const { out } = parsed(DbBackup, args);
        const pglite = (db as Database & { pglite?: PGlite }).pglite;
        if (!pglite) throw new Error('this server does not run on the embedded database');
        const dump = await dumpDatabase(pglite);
        writeBackup(out, dump.gzip);
        return { file: out, bytes: dump.gzip.length, migrations: dump.migrations };
      }
      default:
        throw new Error(`unknown task ${task}`);
    }
  };
}
