import { randomUUID } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import {
  emailOutbox,
  forumCategories,
  memberOnboarding,
  notificationPreferences,
  notifications,
  pushSubscriptions,
  users,
} from "@/db/schema";
import { INTRODUCTIONS_CATEGORY_SLUG } from "@/features/onboarding/constants";
import { apply } from "../support/applicants";
import { createTestUser, latestEmailTo, linkIn, TEST_PASSWORD, testDb } from "../support/db";
import { closeInProcessApp } from "../support/in-process";
import { call, signIn } from "../support/http";

// A new member's welcome on joining and one reminder three days later if she has done none of her first
// steps: notifications of the kind `first_steps`, emailed by the pipeline's email channel as she chose
// (docs/decisions/046-a-welcome-and-a-start-here.md).

afterAll(closeInProcessApp);

const BASE = "http://community.test";
const DAY = 86_400_000;

const firstStepsOf = (userId: number) =>
  testDb()
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.kind, "first_steps")));
const emailsTo = (address: string) =>
  testDb()
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to, address), eq(emailOutbox.kind, "notification-first_steps")));

/** Past the minute in which she may read it in the app first; then the email job, on two instances at once. */
async function emailDue(userId: number) {
  await testDb().execute(
    sql`update notifications set created_at = now() - interval '2 minutes' where user_id = ${userId} and kind = 'first_steps'`,
  );
  const { deliverNotificationEmails } = await import("@/server/notifications");
  await Promise.all([deliverNotificationEmails(BASE), deliverNotificationEmails(BASE)]);
}

/** Two instances' hourly runs at once. */
async function remindTwice() {
  const { sendOnboardingReminders } = await import("@/server/onboarding");
  await Promise.all([sendOnboardingReminders(), sendOnboardingReminders()]);
}

it("welcomes her by email once when she joins, with the email channel's one-click unsubscribe", async () => {
  const admin = await createTestUser({ isAdmin: true });
  const adminCookie = await signIn(admin.username, TEST_PASSWORD);
  const { id, email } = await apply({ isTrial: true });
  const approved = await call(`/api/applications/${id}/status`, {
    method: "PATCH",
    body: { status: "approved" },
    cookie: adminCookie,
  });
  expect(approved.json.invited).toBe(true);
  const token = new URL(linkIn((await latestEmailTo(email))!.text, "/join/")).pathname.split("/").pop()!;
  const username = `new_${randomUUID().slice(0, 8)}`;
  const accepted = await call("/api/invitations/accept", {
    body: { token, username, password: "a-long-password-1", confirmPassword: "a-long-password-1" },
  });
  expect(accepted.status).toBe(201);
  const [her] = await testDb().select().from(users).where(eq(users.username, username));

  const welcome = await firstStepsOf(her!.id);
  expect(welcome.map((n) => [n.dedupeKey, n.url])).toEqual([["onboarding:welcome", "/home"]]);
  await emailDue(her!.id);
  await emailDue(her!.id);
  const sent = await emailsTo(email);
  expect(sent).toHaveLength(1);
  expect(sent[0]!.subject).toMatch(/^Welcome to .+! Your first steps are waiting on your home page$/);
  expect(sent[0]!.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
  expect(sent[0]!.headers["List-Unsubscribe"]).toMatch(/^<http:\/\/[^/]+\/unsubscribe\/m\d+-first_steps-[\w-]+>$/);
});

describe("the reminder after three days", () => {
  const joined = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY - 3600_000);

  it("reminds her once, even run twice at once, only if she did none of her steps and kept the checklist", async () => {
    const idle = await createTestUser({ createdAt: joined(3) });
    const hidden = await createTestUser({ createdAt: joined(3) });
    const didAStep = await createTestUser({ createdAt: joined(3) });
    const tooNew = await createTestUser({ createdAt: joined(2) });
    const longAgo = await createTestUser({ createdAt: joined(10) });
    await testDb().insert(memberOnboarding).values({ userId: hidden.id, hiddenAt: new Date() });
    await testDb()
      .insert(pushSubscriptions)
      .values({ userId: didAStep.id, endpoint: `https://push.example/${randomUUID()}`, p256dh: "key", auth: "auth" });

    await remindTwice();
    await remindTwice();
    for (const member of [idle, hidden, didAStep, tooNew, longAgo]) await emailDue(member.id);

    expect((await firstStepsOf(idle.id)).map((n) => n.dedupeKey)).toEqual(["onboarding:reminder"]);
    expect(await emailsTo(idle.email)).toHaveLength(1);
    expect((await emailsTo(idle.email))[0]!.text).toContain("/home");
    for (const member of [hidden, didAStep, tooNew, longAgo]) {
      expect(await firstStepsOf(member.id)).toEqual([]);
      expect(await emailsTo(member.email)).toEqual([]);
    }
  });

  it("follows her choice for welcome and first steps: in the app only, or off", async () => {
    const inApp = await createTestUser({ createdAt: joined(3) });
    const off = await createTestUser({ createdAt: joined(3) });
    for (const [member, delivery] of [
      [inApp, "app"],
      [off, "off"],
    ] as const) {
      const cookie = await signIn(member.username, TEST_PASSWORD);
      const saved = await call("/api/notifications/preferences", {
        method: "PUT",
        cookie,
        body: { kinds: { first_steps: { delivery, push: false } } },
      });
      expect(saved.status).toBe(200);
    }
    await remindTwice();
    await emailDue(inApp.id);
    await emailDue(off.id);
    expect((await firstStepsOf(inApp.id)).map((n) => n.dedupeKey)).toEqual(["onboarding:reminder"]);
    expect(await emailsTo(inApp.email)).toEqual([]);
    expect(await firstStepsOf(off.id)).toEqual([]);
    expect(await emailsTo(off.email)).toEqual([]);
    expect(
      await testDb().select().from(notificationPreferences).where(eq(notificationPreferences.userId, off.id)),
    ).toHaveLength(1);
  });
});

it("the migration makes the Introductions category with its prompt where there is none, and only once", async () => {
  const dir = path.join(process.cwd(), "src/db/migrations");
  const file = readdirSync(dir).find((name) => name.endsWith("_introductions_and_start_here.sql"))!;
  const statements = readFileSync(path.join(dir, file), "utf8").split("--> statement-breakpoint");
  const renamed = `introductions-${randomUUID().slice(0, 6)}`;
  // In a transaction rolled back at the end: the shared database keeps its own category.
  await testDb()
    .transaction(async (tx) => {
      await tx
        .update(forumCategories)
        .set({ slug: renamed })
        .where(eq(forumCategories.slug, INTRODUCTIONS_CATEGORY_SLUG));
      for (let run = 0; run < 2; run++) for (const statement of statements) await tx.execute(sql.raw(statement));
      const made = await tx.select().from(forumCategories).where(eq(forumCategories.slug, INTRODUCTIONS_CATEGORY_SLUG));
      expect(made).toHaveLength(1);
      expect(made[0]).toMatchObject({ name: "Introductions", archivedAt: null, requiredMembershipLevel: null });
      expect(made[0]!.description).toMatch(/who you are, what you make/);
      tx.rollback();
    })
    .catch((error: Error) => {
      if (!/rollback/i.test(error.message)) throw error;
    });
  expect(
    await testDb().select().from(forumCategories).where(eq(forumCategories.slug, INTRODUCTIONS_CATEGORY_SLUG)),
  ).toHaveLength(1);
});
