import { is } from "drizzle-orm";
import { getTableConfig, IndexedColumn, PgTable } from "drizzle-orm/pg-core";
import * as schema from "./index";

// ORDER BY ... DESC sorts nulls first, and PostgreSQL reads a page straight from an index only when the
// index has that order exactly: a descending index column left NULLS LAST (drizzle's `.desc()` alone)
// makes the planner sort every row instead. Lists order with drizzle's desc(), so every descending
// index column is NULLS FIRST, except where the queries say `desc nulls last` themselves.
const READ_WITH_NULLS_LAST = new Set(["forum_topics", "places"]);

describe("descending indexes", () => {
  it("are in the order the lists ask for: nulls first", () => {
    const wrong: string[] = [];
    for (const table of Object.values(schema)) {
      if (!is(table, PgTable)) continue;
      const config = getTableConfig(table);
      if (READ_WITH_NULLS_LAST.has(config.name)) continue;
      for (const index of config.indexes)
        for (const column of index.config.columns)
          if (is(column, IndexedColumn) && column.indexConfig?.order === "desc" && column.indexConfig.nulls !== "first")
            wrong.push(`${index.config.name}.${column.name}`);
    }
    expect(wrong).toEqual([]);
  });
});
