import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { contentItems, events, siteSettings } from "@/db/schema";
import { createTestUser, TEST_PASSWORD, testDb } from "../support/db";
import { expect, expectAccessibleAtBothWidths, signInAs, test, toast } from "./fixtures";

const cleanups: (() => Promise<unknown>)[] = [];
test.afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

// The members' home, as a member meets it: from the public home page's Login, signed in, landed on
// what is new since her last visit; its links lead on; the header's Home brings her back.

test("she signs in from the header, lands on her home, sees what is new and who joined, and follows a topic", async ({
  page,
}) => {
  const member = await createTestUser({ firstName: "Hester" });
  await page.goto("/");
  const nav = page.getByRole("navigation", { name: "Main" });
  await nav.getByRole("link", { name: "Login", exact: true }).click();
  await page.getByLabel("Username").fill(member.username);
  await page.getByLabel("Password").fill(TEST_PASSWORD);
  // The newest member of all as she signs in: first among this week's.
  const newcomer = await createTestUser({ firstName: "Newcomer", lastName: randomUUID().slice(0, 6) });
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL("/home");
  await expect(page.getByRole("heading", { level: 1, name: "Your home" })).toBeVisible();
  const status = page.getByRole("status").filter({ hasText: /^Since / });
  await expect(status).toContainText("unread notification");
  for (const section of [
    "New in the forum",
    "Your courses",
    "New in the library",
    "Coming up",
    "New members this week",
  ])
    await expect(page.getByRole("heading", { level: 2, name: section })).toBeVisible();
  const newMembers = page.getByRole("region", { name: "New members this week" });
  await expect(newMembers.getByRole("link", { name: `Newcomer ${newcomer.lastName}` })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Home" })).toHaveAttribute("aria-current", "page");
  await expectAccessibleAtBothWidths(page, "the members' home");

  // Back within the hour, her home still counts from the same visit: a reload does not empty it.
  const since = await status.textContent();
  await page.reload();
  await expect(page.getByRole("status").filter({ hasText: /^Since / })).toHaveText(since!);

  const forum = page.getByRole("region", { name: "New in the forum" });
  const firstTopic = forum.getByRole("link").first();
  const title = (await firstTopic.textContent())!;
  await firstTopic.click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await nav.getByRole("link", { name: "Home" }).click();
  await expect(page).toHaveURL("/home");
});

test("a new member's first steps tick as she does them, and she puts the list away", async ({ page }) => {
  // The next event of all, so that it heads her "Coming up": one of ours, open to all, with seats.
  const startsAt = new Date(Date.now() + 30 * 60_000);
  const [made] = await testDb()
    .insert(events)
    .values({
      source: "internal",
      title: `First steps social ${randomUUID().slice(0, 6)}`,
      description: "An event made by a test.",
      startsAt,
      endsAt: new Date(startsAt.getTime() + 3600_000),
      timezone: "UTC",
      locationName: "The Loft",
      accessType: "public",
      type: "social",
    })
    .returning({ id: events.id });
  // Removed when she is done: other tests ask for the site's next event.
  cleanups.push(() => testDb().delete(events).where(eq(events.id, made!.id)));
  const member = await createTestUser({ firstName: "Ines" });
  await page.goto("/login");
  await page.getByLabel("Username").fill(member.username);
  await page.getByLabel("Password").fill(TEST_PASSWORD);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL("/home");
  const steps = page.getByRole("region", { name: "Your first steps" });
  await expect(steps.getByText("0 of 6 done")).toBeVisible();
  await expect(steps.getByRole("listitem").filter({ hasText: "RSVP to an event" })).toContainText("not done yet");

  // She goes to a coming event from her home and says she is going.
  const event = page
    .getByRole("region", { name: "Coming up" })
    .getByRole("heading", { level: 3 })
    .getByRole("link")
    .first();
  const title = (await event.textContent())!;
  await event.click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await page.getByRole("button", { name: "RSVP", exact: true }).click();
  await expect(page.getByText("You're going.")).toBeVisible();

  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Home" }).click();
  await expect(steps.getByText("1 of 6 done")).toBeVisible();
  await expect(steps.getByRole("listitem").filter({ hasText: "RSVP to an event" })).toContainText("(done)");
  await expectAccessibleAtBothWidths(page, "the members' home with her first steps");

  await steps.getByRole("button", { name: "Hide checklist" }).click();
  await expect(steps).toHaveCount(0);
  await expect(page.getByRole("heading", { level: 1, name: "Your home" })).toBeFocused();
  await page.reload();
  await expect(page.getByRole("heading", { level: 2, name: "Coming up" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Your first steps" })).toHaveCount(0);
});

test("an administrator chooses the first steps and their order by keyboard", async ({ page }) => {
  const admin = await createTestUser({ isAdmin: true });
  await signInAs(page, admin.username, TEST_PASSWORD);
  await page.goto("/admin");
  await page.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: "Onboarding" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Onboarding" })).toBeVisible();
  const shown = page.getByRole("region", { name: "Shown, in this order" }).getByRole("listitem");
  await expect(shown.first()).toContainText("1. Add a photo and a bio");
  await page.getByRole("button", { name: "Move Introduce yourself up" }).focus();
  await page.keyboard.press("Enter");
  await expect(shown.first()).toContainText("1. Introduce yourself");
  await expect(page.getByRole("button", { name: "Move Introduce yourself up" })).toBeFocused();
  await expectAccessibleAtBothWidths(page, "the onboarding steps");
  try {
    await page.getByRole("button", { name: "Save Steps" }).click();
    await expect(page.getByRole("button", { name: "Save Steps" })).toBeFocused();
    await expect(toast(page)).toContainText("Onboarding saved");
    await page.reload();
    await expect(shown.first()).toContainText("1. Introduce yourself");
  } finally {
    // The other tests' members see the default order.
    await page.getByRole("button", { name: "Move Add a photo and a bio up" }).click();
    await page.getByRole("button", { name: "Save Steps" }).click();
    await expect(toast(page)).toContainText("Onboarding saved");
  }
});

test("an administrator picks the start-here item by keyboard, and a member's first step leads to it", async ({
  page,
  browser,
}) => {
  const tag = randomUUID().slice(0, 6);
  const [item] = await testDb()
    .insert(contentItems)
    .values({
      title: `Begin here ${tag}`,
      slug: `begin-here-${tag}`,
      summary: "How this community works.",
      content: "<p>Everything a new member needs to know.</p>",
      contentType: "article",
      status: "published",
      isPublic: true,
      publishedAt: new Date(),
    })
    .returning();
  const [before] = await testDb().select().from(siteSettings).where(eq(siteSettings.key, "startHereItemId"));
  // The other tests' members see the demo's start-here item.
  cleanups.push(async () => {
    if (before) {
      await testDb()
        .update(siteSettings)
        .set({ value: sql`${JSON.stringify(before.value ?? null)}::jsonb` })
        .where(eq(siteSettings.key, "startHereItemId"));
    } else await testDb().delete(siteSettings).where(eq(siteSettings.key, "startHereItemId"));
    await testDb().delete(contentItems).where(eq(contentItems.id, item!.id));
  });

  const admin = await createTestUser({ isAdmin: true });
  await signInAs(page, admin.username, TEST_PASSWORD);
  await page.goto("/admin");
  await page.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: "Onboarding" }).click();
  const picker = page.getByLabel("Library item the start-here step opens");
  await picker.focus();
  // A closed select picks the option whose text is typed, as a keyboard user would choose it.
  await page.keyboard.type(item!.title);
  await expect(picker).toHaveValue(String(item!.id));
  await page.keyboard.press("Tab");
  const save = page.getByRole("button", { name: "Save Start-Here Item" });
  await expect(save).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(toast(page)).toContainText("Start-here item saved");
  await expect(save).toBeFocused();
  await expectAccessibleAtBothWidths(page, "the start-here picker");

  const member = await createTestUser({ firstName: "Juno" });
  const memberPage = await (await browser.newContext()).newPage();
  await memberPage.goto("/login");
  await memberPage.getByLabel("Username").fill(member.username);
  await memberPage.getByLabel("Password").fill(TEST_PASSWORD);
  await memberPage.getByRole("button", { name: "Sign In" }).click();
  await expect(memberPage).toHaveURL("/home");
  const steps = memberPage.getByRole("region", { name: "Your first steps" });
  await steps.getByRole("link", { name: "Read the library's start-here guide" }).click();
  await expect(memberPage.getByRole("heading", { level: 1, name: item!.title })).toBeVisible();
  await memberPage.context().close();
});
