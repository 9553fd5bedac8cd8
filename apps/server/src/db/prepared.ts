import { PgTransaction } from "drizzle-orm/pg-core";
import type { DbOrTx } from "./client";

interface Preparable<Q> {
  prepare(name: string): Q;
}

/**
 * A hot query built once per database: `build` makes the Drizzle query with `sql.placeholder`s, and
 * its prepared form (a named statement on node-postgres, the SQL text kept on PGlite) is kept per
 * database, so a request only binds values instead of assembling the query again. Inside a
 * transaction the query is prepared on the transaction each time (it must run on its connection).
 */
export function preparedQuery<Q>(name: string, build: (db: DbOrTx) => Preparable<Q>): (db: DbOrTx) => Q {
  const cache = new WeakMap<object, Q>();
  return (db) => {
    if (db instanceof PgTransaction) return build(db).prepare(name);
    let query = cache.get(db);
    if (!query) {
      query = build(db).prepare(name);
      cache.set(db, query);
    }
    return query;
  };
}
