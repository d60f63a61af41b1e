import type { Config } from './config';
import { openDatabase, type Database } from './db/client';
import type { HolderInfo } from './db/data-dir-lock';
import { migrate } from './db/migrate';
import { seedDemoContent } from './db/seed/seed';

/**
 * Opens the configured database, migrates it and seeds demo content into an empty one. The
 * embedded one is locked for `holder` (a second opener is refused with `DataDirBusy`).
 */
export async function openAndPrepare(
  config: Config,
  holder?: HolderInfo,
): Promise<{ db: Database; seeded: boolean; migrations: string[] }> {
  const db = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, holder });
  try {
    const migrations = await migrate(db);
    const seeded = config.SEED_DEMO ? await seedDemoContent(db) : false;
    return { db, seeded, migrations };
  } catch (e) {
    await db.close().catch(() => undefined);
    throw e;
  }
}
