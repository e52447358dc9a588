import "server-only";
import { createHash } from "node:crypto";
import { fillPlaceholders, sql, type Placeholder, type SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { QueryResultRow } from "pg";
import { currentDatabase, type Database } from "@/db";
import { levelsOpenTo, type LevelSubject } from "@/lib/auth/access";

interface Prepared {
  execute(placeholderValues?: Record<string, unknown>): Promise<unknown>;
}

/**
 * Queries built once for each of their shapes and then run with each call's values (drizzle's
 * prepared queries, `sql.placeholder`): building a query costs more than running it on a hot path
 * (docs/decisions/061-hot-queries-built-once.md). `shapeOf` names everything that changes the SQL text
 * (her tiers, which filters are on), never a value; `build` prepares it on the database it is given
 * (the requests' pool, or the jobs' inside a job: each keeps its own) under the statement name it is
 * given. The name is `name` and a digest of the shape, so that the same text has the same name in every
 * copy of this module (the server's bundles load one per route) and two texts never share one on a
 * connection.
 */
export function preparedQueries<S, P extends Prepared>(
  name: string,
  shapeOf: (subject: S) => string,
  build: (subject: S, database: Database, statementName: string) => P,
): (subject: S) => P {
  const built = new WeakMap<Database, Map<string, P>>();
  return (subject) => {
    const database = currentDatabase();
    let queries = built.get(database);
    if (!queries) built.set(database, (queries = new Map()));
    const shape = shapeOf(subject);
    let query = queries.get(shape);
    if (!query) {
      query = build(subject, database, `${name}_${createHash("sha256").update(shape).digest("hex").slice(0, 16)}`);
      queries.set(shape, query);
    }
    return query;
  };
}

/** A member as a query built once for everyone of her shape sees her: her id is the placeholder `userId`. */
export type InQuery<U extends { id: number }> = Omit<U, "id"> & { id: number | Placeholder<"userId"> };

/** Her, for a query built once (run it with `{ userId: user.id }`). */
export const idInQuery = <U extends { id: number }>(user: U): InQuery<U> => ({
  ...user,
  id: sql.placeholder("userId"),
});

/** Her tiers as a shape: the text of a tier rule (`readableLevel`) depends on them alone, "every tier" for an admin. */
export const tiersShape = (user: LevelSubject): string => levelsOpenTo(user)?.join(",") ?? "every tier";

const dialect = new PgDialect({ casing: "snake_case" });

/**
 * A statement written in SQL (what `db.execute` runs), prepared on `database` under `statementName`: for
 * `preparedQueries`' `build` where a query is not drizzle's query builder. Its rows come as
 * `db.execute`'s do, as node-postgres reads them.
 */
export function preparedStatement<Row extends QueryResultRow>(database: Database, query: SQL, statementName: string) {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return {
    async execute(placeholderValues: Record<string, unknown> = {}): Promise<Row[]> {
      const values = fillPlaceholders(params, placeholderValues);
      return (await database.$client.query<Row>({ name: statementName, text, values })).rows;
    },
  };
}
