import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { sql } from './client';
import * as schema from './schema';
import { buildTestApp, type TestApp } from '../test-support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const tables = (Object.values(schema) as unknown[]).filter(
  (v): v is PgTable => typeof v === 'object' && v !== null && 'getSQL' in v,
);

/** "table.column type [not null]" per column, the way both sides can say it. */
function described(name: string, type: string, notNull: boolean) {
  return `${name} ${type}${notNull ? ' not null' : ''}`;
}

describe('schema.ts and the migrated database', () => {
  it('name the same tables and columns, with the same types and nullability', async () => {
    const fromDb = await t.db.rows<{ table_name: string; column_name: string; type: string; is_nullable: string }>(sql`
      SELECT c.table_name, c.column_name, c.is_nullable,
             format_type(a.atttypid, a.atttypmod) AS type
        FROM information_schema.columns c
        JOIN pg_attribute a ON a.attrelid = (quote_ident(c.table_schema) || '.' || quote_ident(c.table_name))::regclass
                           AND a.attname = c.column_name
        JOIN information_schema.tables tb ON tb.table_schema = c.table_schema AND tb.table_name = c.table_name
       WHERE c.table_schema = 'public' AND tb.table_type = 'BASE TABLE'`);
    const database = fromDb
      .map((c) => described(`${c.table_name}.${c.column_name}`, c.type, c.is_nullable === 'NO'))
      .sort();
    const declared = tables
      .flatMap((table) => {
        const { name, columns } = getTableConfig(table);
        return columns.map((c) => described(`${name}.${c.name}`, c.getSQLType(), c.notNull));
      })
      .sort();
    // Spelled alike: drizzle says "serial"/"bigserial" where the catalogue says the integer type.
    const normal = (s: string) =>
      s
        .replace(/ bigserial/, ' bigint')
        .replace(/ serial/, ' integer')
        .replace(/ numeric\((\d+), (\d+)\)/, ' numeric($1,$2)');
    expect(declared.map(normal)).toEqual(database.map(normal));
  });

  it('keys each column by its own name, so builder rows and raw rows read alike', () => {
    for (const table of tables) {
      const byKey = table as unknown as Record<string, { name?: string }>;
      for (const c of getTableConfig(table).columns)
        expect(byKey[c.name]?.name, getTableConfig(table).name).toBe(c.name);
    }
  });

  it('reads through the query builder as through raw sql, inside a transaction too', async () => {
    const { users } = schema;
    const [made] = await t.db.orm
      .insert(users)
      .values({
        firebase_id: 'schema-test',
        name: 'Schema Test',
        type: 'email',
        email: 'schema@test.example',
        refer_code: 'SCHEMATEST',
      })
      .returning({ id: users.id });
    const raw = await t.db.one<{ id: number; coins: number; created_at: string }>(
      sql`SELECT id, coins, created_at FROM users WHERE id = ${made!.id}`,
    );
    const built = await t.db.tx(async (tx) =>
      tx.orm
        .select({ id: users.id, coins: users.coins, created_at: users.created_at })
        .from(users)
        .where(eq(users.id, made!.id)),
    );
    expect(built).toEqual([raw]);
    // Both drivers hand timestamps back as PostgreSQL's text, through raw sql as through the builder.
    expect(built[0]!.created_at).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d/);
  });
});
