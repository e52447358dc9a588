import "server-only";
import { sql, type SQL, type SQLWrapper } from "drizzle-orm";

/**
 * A query's rows as one JSON array value, in `order` (written against the alias `found`), so that
 * several queries come back from one statement: `select ${jsonRows(a, ...)} as a, ${jsonRows(b, ...)} as b`.
 * Each row is an object of the query's column names; timestamps arrive as PostgreSQL writes them in JSON.
 */
export const jsonRows = (query: SQLWrapper, order: SQL): SQL =>
  sql`(select coalesce(json_agg(found order by ${order}), '[]'::json) from (${query}) found)`;
