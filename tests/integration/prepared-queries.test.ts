import { sql } from "drizzle-orm";
import { closeInProcessApp } from "../support/in-process";

// A query built once (src/server/prepared-queries.ts, docs/decisions/061-hot-queries-built-once.md)
// runs on the pool of whoever asks: a request's on the requests' pool with its 2.5 s statement limit,
// a job's on the jobs' pool with a job's. One built first inside a job must never carry a request there.
process.env.DATABASE_URL = process.env.TEST_DATABASE_URL;

afterAll(closeInProcessApp);

describe("a query built once", () => {
  it("runs on the pool where it is asked, each pool with its own prepared statement", async () => {
    const { runAsJob } = await import("@/db");
    const { preparedQueries } = await import("@/server/prepared-queries");
    const builtOn: unknown[] = [];
    const statementLimit = preparedQueries(
      "test_statement_limit",
      () => "the one shape",
      (_subject: null, database, name) => {
        builtOn.push(database);
        return database
          .select({ limit: sql<string>`current_setting('statement_timeout')` })
          .from(sql`(select 1) one`)
          .prepare(name);
      },
    );
    const asJob = await runAsJob(() => statementLimit(null).execute());
    const asRequest = await statementLimit(null).execute();
    const asRequestAgain = await statementLimit(null).execute();
    expect(asRequest[0]!.limit).toBe("2500ms");
    expect(asRequestAgain[0]!.limit).toBe("2500ms");
    expect(asJob[0]!.limit).not.toBe("2500ms");
    expect(builtOn).toHaveLength(2);
    expect(builtOn[0]).not.toBe(builtOn[1]);
  });
});
