import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { contentItems, events, forumCategories, pushSubscriptions, users } from "@/db/schema";
import { INTRODUCTIONS_CATEGORY_SLUG, ONBOARDING_STEPS } from "@/features/onboarding/constants";
import type { MembersHome } from "@/features/home/types";
import { closeTestDb, createTestUser, TEST_PASSWORD, testDb } from "../support/db";
import { call, signIn } from "../support/http";

// A new member's first steps on /home: each ticked by doing it (through the same calls the site makes),
// shown in the order administrators chose, and put away when she hides it.

// Other files share this database (the browser tests count a member's six first steps): what these
// tests change of the site's settings is put back as it was.
let restoreSettings: () => Promise<unknown>;
beforeAll(async () => {
  const admin = await createTestUser({ isAdmin: true });
  const cookie = await signIn(admin.username, TEST_PASSWORD);
  const before = (await call("/api/admin/settings", { cookie })).json as {
    onboardingSteps: unknown;
    startHereItemId: unknown;
  };
  restoreSettings = () =>
    saveSettings(cookie, { onboardingSteps: before.onboardingSteps, startHereItemId: before.startHereItemId });
});
afterAll(async () => {
  await restoreSettings();
  await closeTestDb();
});

async function introductions() {
  const [existing] = await testDb()
    .select()
    .from(forumCategories)
    .where(eq(forumCategories.slug, INTRODUCTIONS_CATEGORY_SLUG));
  if (existing) return existing;
  const [made] = await testDb()
    .insert(forumCategories)
    .values({ name: "Introductions", slug: INTRODUCTIONS_CATEGORY_SLUG })
    .returning();
  return made!;
}

const libraryItem = async (status: "published" | "draft") =>
  (
    await testDb()
      .insert(contentItems)
      .values({
        title: `Start here ${randomUUID().slice(0, 6)}`,
        slug: `start-here-${randomUUID().slice(0, 8)}`,
        contentType: "article",
        status,
        publishedAt: status === "published" ? new Date() : null,
      })
      .returning()
  )[0]!;

const saveSettings = async (cookie: string, body: object) =>
  call("/api/admin/settings", { method: "PUT", cookie, body });

/** A published item chosen by an administrator as the start-here step's. */
async function startHere() {
  const item = await libraryItem("published");
  const admin = await createTestUser({ isAdmin: true });
  expect((await saveSettings(await signIn(admin.username, TEST_PASSWORD), { startHereItemId: item.id })).status).toBe(
    200,
  );
  return item;
}

const stepsOf = async (cookie: string) => {
  const home = await call("/api/home", { cookie });
  expect(home.status).toBe(200);
  return (home.json as MembersHome).checklist;
};
const doneSteps = async (cookie: string) =>
  (await stepsOf(cookie)).steps.filter((step) => step.done).map((step) => step.id);

it("ticks each step when she does it, never before", async () => {
  const category = await introductions();
  const item = await startHere();
  const [event] = await testDb()
    .insert(events)
    .values({
      source: "internal",
      title: `First steps ${randomUUID().slice(0, 6)}`,
      // Weeks away and removed at the end: other files sharing this database ask for the next event.
      startsAt: new Date(Date.now() + 40 * 86_400_000),
      timezone: "UTC",
      accessType: "public",
      type: "social",
    })
    .returning();
  const her = await createTestUser();
  const cookie = await signIn(her.username, TEST_PASSWORD);
  const checklist = await stepsOf(cookie);
  expect(checklist.steps.map((step) => step.id)).toEqual([...ONBOARDING_STEPS]);
  expect(await doneSteps(cookie)).toEqual([]);

  // A photo alone is half the step; the bio completes it.
  await testDb().update(users).set({ profilePicture: "/images/circle.svg" }).where(eq(users.id, her.id));
  expect(await doneSteps(cookie)).toEqual([]);
  expect((await call(`/api/users/${her.id}`, { method: "PATCH", cookie, body: { bio: "I weave." } })).status).toBe(200);
  expect(await doneSteps(cookie)).toEqual(["photo-and-bio"]);

  const topic = await call("/api/forum/topics", {
    cookie,
    body: { categoryId: category.id, title: "Hello, I am new here", content: "I weave tapestries in Porto." },
  });
  expect(topic.status).toBe(201);
  expect(await doneSteps(cookie)).toEqual(["photo-and-bio", "introduce"]);

  const reply = await call("/api/forum/posts", {
    cookie,
    body: { topicId: topic.json.id, content: "And hello to you!" },
  });
  expect(reply.status).toBe(201);
  expect(await doneSteps(cookie)).toEqual(["photo-and-bio", "introduce", "reply"]);

  expect((await call(`/api/events/${event!.id}/rsvp`, { method: "POST", cookie })).status).toBe(200);
  expect((await call(`/api/content/items/${item.id}/view`, { method: "POST", cookie })).status).toBe(200);
  expect(await doneSteps(cookie)).toEqual(["photo-and-bio", "introduce", "reply", "rsvp", "start-here"]);

  await testDb()
    .insert(pushSubscriptions)
    .values({ userId: her.id, endpoint: `https://push.example/${randomUUID()}`, p256dh: "key", auth: "auth" });
  expect(await doneSteps(cookie)).toEqual([...ONBOARDING_STEPS]);

  // Undone, a step shows undone again: the checklist reads what is, not what was clicked.
  expect((await call(`/api/events/${event!.id}/rsvp`, { method: "DELETE", cookie })).status).toBe(200);
  expect(await doneSteps(cookie)).not.toContain("rsvp");
  await testDb().delete(events).where(eq(events.id, event!.id));
});

it("shows the steps administrators chose in their order, and stays away once she hides it", async () => {
  const admin = await createTestUser({ isAdmin: true });
  const adminCookie = await signIn(admin.username, TEST_PASSWORD);
  const her = await createTestUser();
  const cookie = await signIn(her.username, TEST_PASSWORD);
  const chosen = ["rsvp", "introduce", "notifications"];
  try {
    const refused = await call("/api/admin/settings", {
      method: "PUT",
      cookie: adminCookie,
      body: { onboardingSteps: ["rsvp", "rsvp"] },
    });
    expect(refused.status).toBe(400);
    const member = await call("/api/admin/settings", { method: "PUT", cookie, body: { onboardingSteps: chosen } });
    expect(member.status).toBe(403);
    const saved = await call("/api/admin/settings", {
      method: "PUT",
      cookie: adminCookie,
      body: { onboardingSteps: chosen },
    });
    expect(saved.status).toBe(200);
    expect((await stepsOf(cookie)).steps.map((step) => step.id)).toEqual(chosen);
  } finally {
    await call("/api/admin/settings", {
      method: "PUT",
      cookie: adminCookie,
      body: { onboardingSteps: [...ONBOARDING_STEPS] },
    });
  }

  expect((await stepsOf(cookie)).hidden).toBe(false);
  expect((await call("/api/onboarding/hide", { method: "POST", cookie })).status).toBe(200);
  expect((await stepsOf(cookie)).hidden).toBe(true);
  expect((await call("/api/onboarding/hide", { method: "POST" })).status).toBe(401);
});

it("shows administrators who finished, who is on her way, who is stuck and who never signed in", async () => {
  const admin = await createTestUser({ isAdmin: true });
  const adminCookie = await signIn(admin.username, TEST_PASSWORD);
  const never = await createTestUser({ firstName: "Never" });
  const onHerWay = await createTestUser({ firstName: "Onherway" });
  const stuck = await createTestUser({ firstName: "Stuck", createdAt: new Date(Date.now() - 10 * 86_400_000) });
  const finished = await createTestUser({ firstName: "Finished" });
  const hiddenAdmin = await createTestUser({ isAdmin: true, firstName: "Staff" });
  for (const member of [onHerWay, stuck, finished]) await signIn(member.username, TEST_PASSWORD);
  await testDb()
    .insert(pushSubscriptions)
    .values({ userId: finished.id, endpoint: `https://push.example/${randomUUID()}`, p256dh: "key", auth: "auth" });
  try {
    const saved = await call("/api/admin/settings", {
      method: "PUT",
      cookie: adminCookie,
      // The start-here step cannot be shown while no item is chosen: she finishes without it.
      body: { onboardingSteps: ["notifications", "start-here"], startHereItemId: null },
    });
    expect(saved.status).toBe(200);
    // Each status lists its members (a busy month's newest 200 would leave the stuck one off "All").
    const statusOf = async (id: number, status: string) => {
      const page = await call(`/admin/onboarding?${new URLSearchParams({ status })}`, { cookie: adminCookie });
      expect(page.status).toBe(200);
      const row = page.text.match(new RegExp(`<tr[^>]*>(?:(?!</tr>).)*/admin/members/${id}"(?:(?!</tr>).)*</tr>`))?.[0];
      return row
        ?.replace(/<[^>]+>/g, "|")
        .split("|")
        .filter(Boolean)
        .at(-1);
    };
    expect({
      never: await statusOf(never.id, "never signed in"),
      onHerWay: await statusOf(onHerWay.id, "in progress"),
      stuck: await statusOf(stuck.id, "stuck"),
      finished: await statusOf(finished.id, "finished"),
    }).toEqual({ never: "never signed in", onHerWay: "in progress", stuck: "stuck", finished: "finished" });
    // Not under another status, and an administrator under none.
    expect(await statusOf(stuck.id, "finished")).toBeUndefined();
    expect(await statusOf(finished.id, "stuck")).toBeUndefined();
    for (const status of ["never signed in", "in progress", "stuck", "finished"])
      expect(await statusOf(hiddenAdmin.id, status)).toBeUndefined();
    // The admin dashboard counts them, and leads to who they are.
    const panel = (await call("/admin", { cookie: adminCookie })).text.replace(/<!-- -->|<[^>]+>/g, "");
    const counts =
      /(\d+) finished, (\d+) on their way, (\d+) stuck \(not finished after 7 days\), (\d+) never signed in/.exec(
        panel,
      );
    expect(counts?.slice(1).map((n) => Number(n) > 0)).toEqual([true, true, true, true]);
    expect((await call("/admin/onboarding", { cookie: await signIn(never.username, TEST_PASSWORD) })).status).not.toBe(
      200,
    );
  } finally {
    await call("/api/admin/settings", {
      method: "PUT",
      cookie: adminCookie,
      body: { onboardingSteps: [...ONBOARDING_STEPS] },
    });
  }
});

it("opens the start-here item administrators chose, and hides the step while none is chosen", async () => {
  const admin = await createTestUser({ isAdmin: true });
  const adminCookie = await signIn(admin.username, TEST_PASSWORD);
  const her = await createTestUser();
  const cookie = await signIn(her.username, TEST_PASSWORD);
  const chosen = await libraryItem("published");
  const draft = await libraryItem("draft");
  const startHereStep = async () => (await stepsOf(cookie)).steps.find((step) => step.id === "start-here");

  expect((await saveSettings(adminCookie, { startHereItemId: draft.id })).status).toBe(400);
  expect((await saveSettings(adminCookie, { startHereItemId: 2_000_000_000 })).status).toBe(400);
  expect((await saveSettings(adminCookie, { startHereItemId: "x" })).status).toBe(400);
  expect((await saveSettings(cookie, { startHereItemId: chosen.id })).status).toBe(403);
  expect((await saveSettings(adminCookie, { startHereItemId: chosen.id })).status).toBe(200);
  expect(await startHereStep()).toEqual({ id: "start-here", done: false, href: `/library/item/${chosen.slug}` });
  expect((await call(`/api/content/items/${chosen.id}/view`, { method: "POST", cookie })).status).toBe(200);
  expect((await startHereStep())?.done).toBe(true);

  expect((await saveSettings(adminCookie, { startHereItemId: null })).status).toBe(200);
  expect(await startHereStep()).toBeUndefined();
  const page = await call("/admin/onboarding", { cookie: adminCookie });
  expect(page.text).toContain("None (the step is not shown)");
  expect(page.text).toContain(chosen.title);
  expect(page.text).not.toContain(draft.title);
});
