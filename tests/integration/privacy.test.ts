import { and, eq } from "drizzle-orm";
import { pool } from "@/db";
import { auditLog, paymentTransactions, users } from "@/db/schema";
import { eraseDueAccounts } from "@/server/privacy";
import { closeTestDb, createTestUser, testDb, TEST_PASSWORD } from "../support/db";
import { insertCourse } from "../support/courses";
import { call, signIn } from "../support/http";

// eraseDueAccounts runs here, in the test process, on the app's own pool: close it too.
afterAll(async () => {
  await Promise.all([closeTestDb(), pool().end()]);
});

const DAY = 86_400_000;

async function member(overrides: Parameters<typeof createTestUser>[0] = {}) {
  const user = await createTestUser({ membershipLevel: "connect", ...overrides });
  return { user, cookie: await signIn(user.username, TEST_PASSWORD) };
}

async function postTopic(cookie: string, title: string) {
  const categories = await call("/api/forum/categories", { cookie });
  const open = categories.json.find(
    (c: { requiredMembershipLevel: string | null }) => c.requiredMembershipLevel === null,
  );
  const created = await call("/api/forum/topics", {
    body: { categoryId: open.id, title, content: `${title}: a longer first post for the forum.` },
    cookie,
  });
  expect(created.status).toBe(201);
  return created.json as { id: number; slug: string };
}

describe("her data and her account (GDPR)", () => {
  it("downloads everything we hold about her, birth data decrypted, and nobody else's data", async () => {
    const her = await member({ bio: "Painter of tides" });
    const other = await member({ firstName: "Someone", bio: "Another member's bio" });
    expect(
      (
        await call(`/api/users/${her.user.id}`, {
          method: "PATCH",
          cookie: her.cookie,
          body: {
            birthDate: "1990-07-01",
            birthTime: "12:00",
            birthLocation: "Reykjavík",
            placeId: "IS:reykjavik:hofudhborgarsvaedhi",
          },
        })
      ).status,
    ).toBe(200);
    const topic = await postTopic(her.cookie, `Her own topic ${Date.now()}`);
    await postTopic(other.cookie, `Someone else's topic ${Date.now()}`);

    const course = await insertCourse({ modules: [{ rule: "immediately", lessons: [{}] }] });
    for (const who of [her, other])
      expect(
        (await call(`/api/courses/${course.slug}/lessons/lesson-1/complete`, { cookie: who.cookie, method: "POST" }))
          .status,
      ).toBe(200);

    const download = await call(`/api/users/${her.user.id}/data-export`, { cookie: her.cookie });
    expect(download.status).toBe(200);
    expect(download.headers.get("content-disposition")).toMatch(
      /attachment; filename="my-data-\d{4}-\d{2}-\d{2}\.json"/,
    );
    const data = JSON.parse(download.text);
    expect(data.account).toMatchObject({
      id: her.user.id,
      username: her.user.username,
      email: her.user.email,
      bio: "Painter of tides",
      twoFactorEnabled: false,
    });
    expect(data.spiritualProfile.birthData).toMatchObject({ birthDate: "1990-07-01", birthTime: "12:00" });
    expect(data.forumTopics.map((t: { id: number }) => t.id)).toEqual([topic.id]);
    expect(data.sessions.length).toBeGreaterThan(0);
    // Her part in courses, points and onboarding is hers too: each table is there, with her rows only.
    for (const table of [
      "courseEnrolments",
      "lessonCompletions",
      "quizAttempts",
      "videoPositions",
      "pointsEarned",
      "points",
      "onboarding",
    ]) {
      expect(Array.isArray(data[table])).toBe(true);
      for (const row of data[table]) expect(row.userId).toBe(her.user.id);
    }
    expect(data.lessonCompletions.map((row: { lessonId: number }) => row.lessonId)).toEqual([course.lessons[0]!.id]);
    expect(data.courseEnrolments).toHaveLength(1);
    expect(download.text).not.toMatch(/passwordHash|totpSecret|tokenHash|codeHash|birthDataEncrypted/);
    for (const theirs of [other.user.username, other.user.email, "Another member's bio", "Someone else's topic"])
      expect(download.text).not.toContain(theirs);

    // Hers alone: another member and an administrator are refused.
    expect((await call(`/api/users/${her.user.id}/data-export`, { cookie: other.cookie })).status).toBe(403);
    const admin = await createTestUser({ isAdmin: true });
    expect(
      (await call(`/api/users/${her.user.id}/data-export`, { cookie: await signIn(admin.username, TEST_PASSWORD) }))
        .status,
    ).toBe(403);
    expect((await call(`/api/users/${her.user.id}/data-export`)).status).toBe(401);
  });

  it("deletes her account after 30 days unless she signs in; her posts then read 'Former member'", async () => {
    const her = await member({ firstName: "Ysolde", lastName: "Marchetti" });
    const topic = await postTopic(her.cookie, `A topic that outlives her ${Date.now()}`);
    const [payment] = await testDb()
      .insert(paymentTransactions)
      .values({
        userId: her.user.id,
        amount: 9000,
        status: "completed",
        paymentMethod: "card",
        notes: "Paid by Ysolde Marchetti",
      })
      .returning();
    const deletion = (cookie: string, password: string) =>
      call(`/api/users/${her.user.id}/deletion`, { method: "POST", cookie, body: { password } });

    expect((await deletion(her.cookie, "not her password")).status).toBe(400);
    const requested = await deletion(her.cookie, TEST_PASSWORD);
    expect(requested.status).toBe(200);
    expect(new Date(requested.json.erasesAt).getTime() - Date.now()).toBeGreaterThan(29.9 * DAY);
    expect((await call("/api/auth/me", { cookie: her.cookie })).status).toBe(401);

    // Signing in within the grace period cancels it.
    const back = await signIn(her.user.username, TEST_PASSWORD);
    const [cancelled] = await testDb().select().from(users).where(eq(users.id, her.user.id));
    expect(cancelled?.deletionRequestedAt).toBeNull();
    expect((await deletion(back, TEST_PASSWORD)).status).toBe(200);

    // Admins see her among the pending deletions.
    const admin = await createTestUser({ isAdmin: true });
    const adminCookie = await signIn(admin.username, TEST_PASSWORD);
    const pending = await call(`/api/admin/members?status=deletion_pending&q=${her.user.username}`, {
      cookie: adminCookie,
    });
    expect(pending.json.members.map((m: { id: number }) => m.id)).toEqual([her.user.id]);

    expect(await eraseDueAccounts(new Date(Date.now() + 29 * DAY))).not.toContain(her.user.id);
    expect(await eraseDueAccounts(new Date(Date.now() + 31 * DAY))).toContain(her.user.id);

    const [erased] = await testDb().select().from(users).where(eq(users.id, her.user.id));
    expect(erased).toMatchObject({
      firstName: "Former member",
      lastName: "",
      bio: null,
      birthDataEncrypted: null,
      membershipLevel: null,
    });
    expect(erased?.erasedAt).not.toBeNull();
    expect(JSON.stringify(erased)).not.toMatch(/Ysolde|Marchetti/);
    expect(JSON.stringify(erased)).not.toContain(her.user.email);

    const reader = await member();
    const shown = await call(`/api/forum/topics/slug/${topic.slug}`, { cookie: reader.cookie });
    expect(`${shown.json.user.firstName} ${shown.json.user.lastName}`.trim()).toBe("Former member");
    expect(JSON.stringify(shown.json)).not.toMatch(/Ysolde|Marchetti/);
    expect((await call(`/api/users/${her.user.id}`, { cookie: reader.cookie })).status).toBe(404);

    const [kept] = await testDb().select().from(paymentTransactions).where(eq(paymentTransactions.id, payment!.id));
    expect(kept).toMatchObject({ userId: her.user.id, amount: 9000, notes: null });
    const audit = await testDb()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, "user"), eq(auditLog.entityId, String(her.user.id))));
    expect(audit.map((e) => e.action)).toEqual([
      "member.deletion_requested",
      "member.deletion_cancelled",
      "member.deletion_requested",
      "member.erased",
    ]);

    expect(
      (await call("/api/auth/login", { body: { username: her.user.username, password: TEST_PASSWORD } })).status,
    ).toBe(401);
    expect((await call(`/api/admin/members/${her.user.id}`, { cookie: adminCookie })).status).toBe(404);
  });

  it("does not let an administrator delete her account while she holds the right", async () => {
    const admin = await createTestUser({ isAdmin: true });
    const cookie = await signIn(admin.username, TEST_PASSWORD);
    expect(
      (await call(`/api/users/${admin.id}/deletion`, { method: "POST", cookie, body: { password: TEST_PASSWORD } }))
        .status,
    ).toBe(409);
  });
});
