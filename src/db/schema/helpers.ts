import { sql, type SQL } from "drizzle-orm";
import { check, timestamp, type AnyPgColumn } from "drizzle-orm/pg-core";

/** A CHECK constraint that keeps a text column to a fixed set of values. */
export function oneOf(name: string, column: AnyPgColumn, values: readonly string[]) {
  const list = sql.join(
    values.map((v) => sql.raw(`'${v.replace(/'/g, "''")}'`)),
    sql`, `,
  );
  return check(name, sql`${column} in (${list})`);
}

export function lower(column: AnyPgColumn): SQL {
  return sql`lower(${column})`;
}

export const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp({ withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
