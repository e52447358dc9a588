import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { rateLimits, sessions, users } from "@/db/schema";
import { closeTestDb, createTestUser, testDb, TEST_PASSWORD } from "../support/db";
import { call, randomIp, sessionCookieFrom, signIn } from "../support/http";

afterAll(closeTestDb);

describe("POST /api/auth/login", () => {
  it("signs in with the username and answers with the user", async () => {
    const user = await createTestUser({ firstName: "Ines" });
    const result = await call("/api/auth/login", { body: { username: user.username, password: TEST_PASSWORD } });
    expect(result.status).toBe(200);
    expect(result.json).toMatchObject({ id: user.id, username: user.username, firstName: "Ines", isAdmin: false });
    expect(result.json).not.toHaveProperty("passwordHash");
  });

  it("accepts the email address too, in any case", async () => {
    const user = await createTestUser();
    const result = await call("/api/auth/login", {
      body: { username: user.email.toUpperCase(), password: TEST_PASSWORD },
    });
    expect(result.status).toBe(200);
    expect(result.json.id).toBe(user.id);
  });

  it("sets an httpOnly, SameSite=Lax session cookie (not Secure over plain http)", async () => {
    const user = await createTestUser();
    const result = await call("/api/auth/login", { body: { username: user.username, password: TEST_PASSWORD } });
    const header = result.headers.getSetCookie().find((c) => c.startsWith("authjs.session-token="))!;
    expect(header).toMatch(/HttpOnly/i);
    expect(header).toMatch(/SameSite=Lax/i);
    expect(header).not.toMatch(/Secure/i);
  });

  it("answers a wrong password and an unknown user with the same 401", async () => {
    const user = await createTestUser();
    const wrong = await call("/api/auth/login", { body: { username: user.username, password: "not-the-password" } });
    const unknown = await call("/api/auth/login", {
      body: { username: `nobody_${randomUUID()}`, password: "whatever" },
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.json).toEqual({ error: "Invalid username or password" });
    expect(unknown.json).toEqual(wrong.json);
    expect(sessionCookieFrom(wrong)).toBeNull();
  });

  it("validates the input with the spec's rule: both fields required", async () => {
    const result = await call("/api/auth/login", { body: { username: "", password: "" } });
    expect(result.status).toBe(400);
    expect(result.json.fields).toEqual({
      username: "Please enter your username",
      password: "Please enter your password",
    });
  });

  it("refuses a disabled account", async () => {
    const user = await createTestUser({ disabledAt: new Date() });
    const result = await call("/api/auth/login", { body: { username: user.username, password: TEST_PASSWORD } });
    expect(result.status).toBe(401);
  });
});

describe("rate limiting of failed sign-ins", () => {
  it("blocks an account after 5 failures with 429 and Retry-After, even for the right password", async () => {
    const user = await createTestUser();
    for (let i = 0; i < 5; i++) {
      expect((await call("/api/auth/login", { body: { username: user.username, password: "wrong" } })).status).toBe(
        401,
      );
    }
    const blocked = await call("/api/auth/login", { body: { username: user.username, password: TEST_PASSWORD } });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(blocked.json.error).toMatch(/Too many failed sign-in attempts/);
  });

  it("counts failures per account and address in the database, shared by every instance", async () => {
    const user = await createTestUser();
    await call("/api/auth/login", {
      body: { username: user.username, password: "wrong" },
      headers: { "x-forwarded-for": "192.0.2.77" },
    });
    const [counter] = await testDb()
      .select()
      .from(rateLimits)
      .where(eq(rateLimits.key, `login_account:user:${user.id}|192.0.2.77`));
    expect(counter?.points).toBe(1);
  });

  //
  it("checks and counts in one step: of 40 wrong passwords at once, five are tried", async () => {
    const user = await createTestUser();
    const headers = { "x-forwarded-for": randomIp() };
    const answers = await Promise.all(
      Array.from({ length: 40 }, () =>
        call("/api/auth/login", { body: { username: user.username, password: "wrong-password" }, headers }),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(35);
  });

  it("counts the username and the email of one account together", async () => {
    const user = await createTestUser();
    const headers = { "x-forwarded-for": randomIp() };
    for (const login of [
      user.username,
      user.email,
      user.username.toUpperCase(),
      user.email.toUpperCase(),
      ` ${user.email} `,
    ]) {
      expect((await call("/api/auth/login", { body: { username: login, password: "wrong" }, headers })).status).toBe(
        401,
      );
    }
    expect(
      (await call("/api/auth/login", { body: { username: user.email, password: TEST_PASSWORD }, headers })).status,
    ).toBe(429);
  });

  it("locks the account at that address only: her right password from another address gets through", async () => {
    const user = await createTestUser();
    const attacker = { "x-forwarded-for": randomIp() };
    for (let i = 0; i < 8; i++)
      await call("/api/auth/login", { body: { username: user.username, password: `guess-${i}` }, headers: attacker });
    expect(
      (await call("/api/auth/login", { body: { username: user.username, password: TEST_PASSWORD }, headers: attacker }))
        .status,
    ).toBe(429);
    const her = await call("/api/auth/login", {
      body: { username: user.username, password: TEST_PASSWORD },
      headers: { "x-forwarded-for": randomIp() },
    });
    expect(her.status).toBe(200);
    // A wrong password from her address is counted for her address alone.
    expect(
      (
        await call("/api/auth/login", {
          body: { username: user.username, password: "typo" },
          headers: { "x-forwarded-for": randomIp() },
        })
      ).status,
    ).toBe(401);
  });

  it("forgets earlier failures after a successful sign-in", async () => {
    const user = await createTestUser();
    for (let i = 0; i < 4; i++) await call("/api/auth/login", { body: { username: user.username, password: "wrong" } });
    await signIn(user.username, TEST_PASSWORD);
    for (let i = 0; i < 4; i++) await call("/api/auth/login", { body: { username: user.username, password: "wrong" } });
    expect((await call("/api/auth/login", { body: { username: user.username, password: TEST_PASSWORD } })).status).toBe(
      200,
    );
  });

  it("limits failures per client address across accounts", async () => {
    const address = `203.0.113.${Math.floor(Math.random() * 200) + 1}`;
    const headers = { "x-forwarded-for": address };
    for (let i = 0; i < 50; i++) {
      await call("/api/auth/login", { body: { username: `nobody_${randomUUID()}`, password: "x" }, headers });
    }
    const user = await createTestUser();
    const blocked = await call("/api/auth/login", {
      body: { username: user.username, password: TEST_PASSWORD },
      headers,
    });
    expect(blocked.status).toBe(429);
  });
});

describe("sessions", () => {
  it("GET /api/auth/me answers 401 signed out and the user signed in", async () => {
    expect((await call("/api/auth/me")).status).toBe(401);
    const user = await createTestUser();
    const cookie = await signIn(user.username, TEST_PASSWORD);
    const me = await call("/api/auth/me", { cookie });
    expect(me.status).toBe(200);
    expect(me.json).toMatchObject({ id: user.id, username: user.username });
  });

  it("logout ends the session on the server: the old cookie no longer works", async () => {
    const user = await createTestUser();
    const cookie = await signIn(user.username, TEST_PASSWORD);
    // Used once first, so the server has its decryption remembered: the session row still decides.
    expect((await call("/api/auth/me", { cookie })).status).toBe(200);
    const logout = await call("/api/auth/logout", { method: "POST", cookie });
    expect(logout.status).toBe(200);
    expect(logout.headers.getSetCookie().some((c) => c.startsWith("authjs.session-token=;"))).toBe(true);
    expect((await call("/api/auth/me", { cookie })).status).toBe(401);
  });

  it("ends existing sessions when the account is disabled", async () => {
    const user = await createTestUser();
    const cookie = await signIn(user.username, TEST_PASSWORD);
    expect((await call("/api/auth/me", { cookie })).status).toBe(200);
    await testDb().update(users).set({ disabledAt: new Date() }).where(eq(users.id, user.id));
    expect((await call("/api/auth/me", { cookie })).status).toBe(401);
  });

  it("keeps a session per browser: signing out of one leaves the other signed in", async () => {
    const user = await createTestUser();
    const first = await signIn(user.username, TEST_PASSWORD);
    const second = await signIn(user.username, TEST_PASSWORD);
    await call("/api/auth/logout", { method: "POST", cookie: first });
    expect((await call("/api/auth/me", { cookie: second })).status).toBe(200);
    const open = await testDb().select().from(sessions).where(eq(sessions.userId, user.id));
    expect(open.filter((s) => s.revokedAt === null)).toHaveLength(1);
  });

  it("rejects a forged or tampered cookie", async () => {
    expect((await call("/api/auth/me", { cookie: "authjs.session-token=forged.value.here" })).status).toBe(401);
  });
});

describe("same-origin check on state-changing requests", () => {
  it("refuses a request with the session cookie and no Origin", async () => {
    const user = await createTestUser();
    const cookie = await signIn(user.username, TEST_PASSWORD);
    const result = await call("/api/auth/logout", { method: "POST", cookie, origin: null });
    expect(result.status).toBe(403);
    expect((await call("/api/auth/me", { cookie })).status).toBe(200);
  });

  it("refuses a request from another origin, signed in or not", async () => {
    const user = await createTestUser();
    const cookie = await signIn(user.username, TEST_PASSWORD);
    expect((await call("/api/auth/logout", { method: "POST", cookie, origin: "https://evil.example" })).status).toBe(
      403,
    );
    expect(
      (
        await call("/api/auth/login", {
          body: { username: user.username, password: TEST_PASSWORD },
          origin: "https://evil.example",
        })
      ).status,
    ).toBe(403);
  });
});
