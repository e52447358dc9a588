import { isDatabaseUnavailable } from "./database-errors";

describe("isDatabaseUnavailable", () => {
  it("recognises a refused connection, a shutdown and a pool timeout, also as a cause", () => {
    expect(
      isDatabaseUnavailable(Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" })),
    ).toBe(true);
    expect(
      isDatabaseUnavailable(
        Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" }),
      ),
    ).toBe(true);
    expect(
      isDatabaseUnavailable(Object.assign(new Error("the database system is starting up"), { code: "57P03" })),
    ).toBe(true);
    expect(isDatabaseUnavailable(new Error("timeout exceeded when trying to connect"))).toBe(true);
    expect(
      isDatabaseUnavailable(
        new Error("Failed query: select 1", { cause: new Error("Connection terminated unexpectedly") }),
      ),
    ).toBe(true);
  });

  it("recognises the pool's limits: no answer in time, statement, lock and idle timeouts", () => {
    expect(
      isDatabaseUnavailable(
        Object.assign(new Error("The database did not answer within 3000 ms"), { code: "ETIMEDOUT" }),
      ),
    ).toBe(true);
    expect(
      isDatabaseUnavailable(
        Object.assign(new Error("canceling statement due to statement timeout"), { code: "57014" }),
      ),
    ).toBe(true);
    expect(
      isDatabaseUnavailable(Object.assign(new Error("canceling statement due to lock timeout"), { code: "55P03" })),
    ).toBe(true);
    expect(
      isDatabaseUnavailable(
        Object.assign(new Error("terminating connection due to idle-in-transaction timeout"), { code: "25P03" }),
      ),
    ).toBe(true);
    expect(
      isDatabaseUnavailable(
        Object.assign(new Error("terminating connection due to idle-session timeout"), { code: "57P05" }),
      ),
    ).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error("sorry, too many clients already"), { code: "53300" }))).toBe(
      true,
    );
    expect(isDatabaseUnavailable(new Error("Client has encountered a connection error and is not queryable"))).toBe(
      true,
    );
  });

  it("leaves query faults alone", () => {
    expect(isDatabaseUnavailable(Object.assign(new Error("duplicate key"), { code: "23505" }))).toBe(false);
    expect(isDatabaseUnavailable(new Error("boom"))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
  });
});
