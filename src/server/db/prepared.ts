import type { Db, Orm } from './client';

/** A prepared query of drizzle's (node-postgres and PGlite alike): run with its placeholders' values. */
interface DrizzlePrepared<R> {
  execute(values?: Record<string, unknown>): Promise<R>;
}

/** A query of the builder, ready to prepare: `db.orm.select(…).where(eq(t.id, sql.placeholder('id')))`. */
interface Preparable<R> {
  prepare(name?: string): DrizzlePrepared<R>;
}

/**
 * A hot statement written with the query builder (typed rows from `schema.ts`) but built once:
 * `build` runs on the first call, with `sql.placeholder(name)` where its values go, and every call
 * runs the built text with `values` on the connection or transaction of the `db` it is given.
 * Building a statement costs 30–80 µs of CPU on every call, more than sending it; the play
 * session's statements run thousands of times a second. (drizzle binds a prepared query to the
 * connection it was made on; this hands the same query to each `db`'s own client.)
 */
export function prepared<R>(
  build: (orm: Orm) => Preparable<R>,
): (db: Db, values: Record<string, unknown>) => Promise<R> {
  let made: DrizzlePrepared<R> | undefined;
  return (db, values) => {
    made ??= build(db.orm).prepare();
    // The same prepared query on this db's client (both drivers' prepared queries send on `client`).
    const on = Object.assign(Object.create(Object.getPrototypeOf(made) as object) as DrizzlePrepared<R>, made, {
      client: clientOf(db),
    });
    return on.execute(values);
  };
}

/** The driver client (pool, pooled connection in a transaction, or PGlite) a `Db` sends on. */
function clientOf(db: Db): unknown {
  const client = (db.orm as unknown as { session?: { client?: unknown } }).session?.client;
  if (!client) throw new Error('prepared: this Db has no driver client');
  return client;
}
