import { and, eq, inArray } from "drizzle-orm";
import { auditLog, memberships, paymentTransactions, sessions, users } from "@/db/schema";
import { closeTestDb, createTestUser, latestEmailTo, testDb, TEST_PASSWORD } from "../support/db";
import { call, signIn } from "../support/http";
import { CSV_PAGE_SIZE } from "@/server/csv";

afterAll(closeTestDb);

async function admin() {
  const user = await createTestUser({ isAdmin: true });
  return { user, cookie: await signIn(user.username, TEST_PASSWORD) };
}

const patch = (id: number, cookie: string, body: unknown) =>
  call(`/api/admin/members/${id}`, { method: "PATCH", cookie, body });

describe("members and roles", () => {
  it("finds members by name, username or email, tier and status, a page at a time, and exports them", async () => {
    const { cookie } = await admin();
    const tag = `zq${Date.now().toString(36)}`;
    const found = await createTestUser({ firstName: "Ondine", lastName: tag, membershipLevel: "empower" });
    await createTestUser({ firstName: "Other", lastName: tag, membershipLevel: "connect", disabledAt: new Date() });

    const byName = await call(`/api/admin/members?q=${encodeURIComponent(`ondine ${tag}`)}`, { cookie });
    expect(byName.status).toBe(200);
    expect(byName.json.members.map((m: { id: number }) => m.id)).toEqual([found.id]);
    const byEmail = await call(`/api/admin/members?q=${encodeURIComponent(found.email.toUpperCase())}`, { cookie });
    expect(byEmail.json.members.map((m: { id: number }) => m.id)).toEqual([found.id]);
    const disabled = await call(`/api/admin/members?q=${tag}&status=disabled`, { cookie });
    expect(disabled.json.members.map((m: { firstName: string; status: string }) => [m.firstName, m.status])).toEqual([
      ["Other", "disabled"],
    ]);
    const byTier = await call(`/api/admin/members?q=${tag}&tier=empower`, { cookie });
    expect(byTier.json.members.map((m: { id: number }) => m.id)).toEqual([found.id]);

    // Keyset pages: every member once, newest first, across pages of 50.
    const seen: number[] = [];
    let after: string | null = null;
    do {
      const page: { json: { members: { id: number }[]; next: string | null } } = await call(
        `/api/admin/members${after ? `?after=${after}` : ""}`,
        { cookie },
      );
      seen.push(...page.json.members.map((m) => m.id));
      after = page.json.next;
    } while (after);
    expect(new Set(seen).size).toBe(seen.length);
    const [total] = await testDb().select({ id: users.id }).from(users).where(eq(users.id, found.id));
    expect(seen).toContain(total!.id);

    const csv = await call(`/api/admin/members/export?q=${tag}`, { cookie });
    expect(csv.headers.get("content-type")).toMatch(/text\/csv/);
    const lines = csv.text.trim().split("\r\n");
    expect(lines[0]).toBe("id,username,email,first_name,last_name,tier,status,admin,permissions,joined_at");
    expect(lines).toHaveLength(3);
    expect(
      lines.some((line) =>
        line.startsWith(`${found.id},${found.username},${found.email},Ondine,${tag},empower,active,no,,`),
      ),
    ).toBe(true);
  });

  it("exports a search of several pages in full, each member once, newest account first", async () => {
    const { cookie } = await admin();
    const tag = `zp${Date.now().toString(36)}`;
    const count = CSV_PAGE_SIZE * 2 + 17;
    const { passwordHash } = await createTestUser();
    const inserted = await testDb()
      .insert(users)
      .values(
        Array.from({ length: count }, (_, i) => ({
          username: `${tag}_${i}`,
          email: `${tag}_${i}@example.com`,
          firstName: "Bulk",
          lastName: tag,
          passwordHash,
        })),
      )
      .returning({ id: users.id });

    const csv = await call(`/api/admin/members/export?q=${tag}`, { cookie });
    expect(csv.status).toBe(200);
    const ids = csv.text
      .trim()
      .split("\r\n")
      .slice(1)
      .map((line) => Number(line.split(",")[0]));
    expect(ids).toEqual(inserted.map((row) => row.id).sort((a, b) => b - a));
  });

  it("changes her tier and grants manage_content, each step in the audit log", async () => {
    const { user: actor, cookie } = await admin();
    const member = await createTestUser();
    const changed = await patch(member.id, cookie, { membershipLevel: "play", permissions: { manage_content: true } });
    expect(changed.status).toBe(200);
    expect(changed.json.member).toMatchObject({ membershipLevel: "play", permissions: { manage_content: true } });

    const memberCookie = await signIn(member.username, TEST_PASSWORD);
    expect((await call("/admin/content/create", { cookie: memberCookie })).status).toBe(200);
    await patch(member.id, cookie, { permissions: { manage_content: false } });
    expect((await call("/admin/content/create", { cookie: memberCookie })).status).toBe(307);

    const entries = await testDb()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, "user"), eq(auditLog.entityId, String(member.id))))
      .orderBy(auditLog.id);
    expect(entries.map((e) => [e.action, e.actorId, e.details])).toEqual([
      ["member.tier_changed", actor.id, { from: "connect", to: "play" }],
      ["member.permission_granted", actor.id, { permission: "manage_content" }],
      ["member.permission_removed", actor.id, { permission: "manage_content" }],
    ]);
  });

  it("disables a member and ends her open session at once, and enables her again", async () => {
    const { cookie } = await admin();
    const member = await createTestUser();
    const memberCookie = await signIn(member.username, TEST_PASSWORD);
    expect((await call("/api/auth/me", { cookie: memberCookie })).status).toBe(200);

    expect((await patch(member.id, cookie, { disabled: true })).json.member.status).toBe("disabled");
    expect((await call("/api/auth/me", { cookie: memberCookie })).status).toBe(401);
    const open = await testDb().select().from(sessions).where(eq(sessions.userId, member.id));
    expect(open.every((s) => s.revokedAt !== null)).toBe(true);
    expect(
      (await call("/api/auth/login", { body: { username: member.username, password: TEST_PASSWORD } })).status,
    ).toBe(401);

    expect((await patch(member.id, cookie, { disabled: false })).json.member.status).toBe("active");
    await signIn(member.username, TEST_PASSWORD);
  });

  it("sends her a password reset link", async () => {
    const { cookie } = await admin();
    const member = await createTestUser();
    expect((await call(`/api/admin/members/${member.id}/password-reset`, { method: "POST", cookie })).status).toBe(200);
    expect((await latestEmailTo(member.email))?.kind).toBe("password-reset");
  });

  it("shows her admin view: profile, tier, status and activity", async () => {
    const { cookie } = await admin();
    const member = await createTestUser({ membershipLevel: "create" });
    const view = await call(`/api/admin/members/${member.id}`, { cookie });
    expect(view.json.member).toMatchObject({
      id: member.id,
      email: member.email,
      membershipLevel: "create",
      status: "active",
      topics: 0,
      replies: 0,
      twoFactorEnabled: false,
    });
    expect(view.json).toMatchObject({ applications: [], payments: [], rsvps: [] });
    expect((await call("/api/admin/members/999999999", { cookie })).status).toBe(404);
  });

  it("does not let an admin remove her own admin right or disable herself", async () => {
    const { user, cookie } = await admin();
    expect((await patch(user.id, cookie, { isAdmin: false })).status).toBe(409);
    expect((await patch(user.id, cookie, { disabled: true })).status).toBe(409);
    const [row] = await testDb().select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ isAdmin: true, disabledAt: null });
  });

  it("grants and removes another admin's right", async () => {
    const { cookie } = await admin();
    const other = await createTestUser({ isAdmin: true });
    expect((await patch(other.id, cookie, { isAdmin: false })).json.member.isAdmin).toBe(false);
    expect((await patch(other.id, cookie, { isAdmin: true })).json.member.isAdmin).toBe(true);
  });

  it("never lets the last active administrator go, whatever changes the users table", async () => {
    // Removing every admin right at once, in one transaction that is then rolled back either way.
    const attempt = testDb().transaction(async (tx) => {
      await tx.update(users).set({ isAdmin: false }).where(eq(users.isAdmin, true));
    });
    await expect(attempt).rejects.toThrow();
    const failure = await attempt.catch((error: Error & { cause?: Error }) => error.cause?.message ?? error.message);
    expect(failure).toMatch(/the last administrator cannot be removed/);
    const admins = await testDb().select({ id: users.id }).from(users).where(eq(users.isAdmin, true));
    expect(admins.length).toBeGreaterThan(0);
  });

  it("refuses invalid changes with the field at fault", async () => {
    const { cookie } = await admin();
    const member = await createTestUser();
    expect((await patch(member.id, cookie, { membershipLevel: "gold" })).status).toBe(400);
    expect((await patch(member.id, cookie, { permissions: { delete_everything: true } })).status).toBe(400);
    expect((await patch(member.id, cookie, {})).status).toBe(400);
  });
});

describe("the audit log cannot be edited", () => {
  it("refuses UPDATE, DELETE and TRUNCATE on audit_log at the database", async () => {
    const [entry] = await testDb()
      .insert(auditLog)
      .values({ actorId: null, action: "test.entry", entityType: "test" })
      .returning();
    await expect(
      testDb().update(auditLog).set({ action: "test.changed" }).where(eq(auditLog.id, entry!.id)),
    ).rejects.toThrow();
    await expect(testDb().delete(auditLog).where(eq(auditLog.id, entry!.id))).rejects.toThrow();
    await expect(testDb().execute("truncate audit_log")).rejects.toThrow();
    const [still] = await testDb().select().from(auditLog).where(eq(auditLog.id, entry!.id));
    expect(still?.action).toBe("test.entry");
  });
});

// The demo's dates agree. Each demo member's account is dated the day she joined (the admin
// list's "Joined"), and the demo member's first payment, her membership's start and "member since" are one day.
describe("the demo's dates", () => {
  it("date every demo account on the day its member joined, and give the demo member one first day everywhere", async () => {
    const demo = await testDb()
      .select({ username: users.username, createdAt: users.createdAt, memberSince: users.memberSince })
      .from(users)
      .where(inArray(users.username, ["admin", "member", "mentor", "partner", "amara"]));
    expect(demo).toHaveLength(5);
    for (const person of demo)
      expect([person.username, person.createdAt.toISOString().slice(0, 10)]).toEqual([
        person.username,
        person.memberSince,
      ]);
    const dates = new Set(demo.map((p) => p.memberSince));
    expect(dates.size).toBeGreaterThan(1);

    const [jordan] = demo.filter((p) => p.username === "member");
    const [membership] = await testDb()
      .select({ startedAt: memberships.startedAt, userId: memberships.userId })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(eq(users.username, "member"));
    const [first] = await testDb()
      .select({ completedAt: paymentTransactions.completedAt })
      .from(paymentTransactions)
      .where(and(eq(paymentTransactions.userId, membership!.userId!), eq(paymentTransactions.kind, "payment")));
    expect(membership!.startedAt.toISOString().slice(0, 10)).toBe(jordan!.memberSince);
    expect(first!.completedAt!.toISOString().slice(0, 10)).toBe(jordan!.memberSince);
  });
});
