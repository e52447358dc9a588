import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Page } from "@playwright/test";
import { forumCategories, forumTopics, notificationPreferences, notifications } from "@/db/schema";
import { createTestUser, TEST_PASSWORD, testDb } from "../support/db";
import { expect, expectAccessibleAtBothWidths, signInAs, test } from "./fixtures";

// In Chromium: the bell and its panel, the live update, direct messages, and the phone
// (installable: a valid manifest, a service worker with an offline page). Each starts where a member
// starts: signed in on a page of the site, following links from there.

const tag = () => randomUUID().slice(0, 8);

async function newMember(page: Page, overrides: Parameters<typeof createTestUser>[0] = {}) {
  const user = await createTestUser({ membershipLevel: "create", lastName: tag(), ...overrides });
  // Other files publish library items to every member meanwhile; these tests count her bell exactly.
  await testDb().insert(notificationPreferences).values({ userId: user.id, kind: "library_item", delivery: "off" });
  await signInAs(page, user.username, TEST_PASSWORD);
  return user;
}

const bell = (page: Page) => page.getByTestId("notification-bell");

async function topicBy(userId: number) {
  const [category] = await testDb()
    .select({ id: forumCategories.id })
    .from(forumCategories)
    .where(eq(forumCategories.slug, "creative-corner"));
  const t = tag();
  const [row] = await testDb()
    .insert(forumTopics)
    .values({
      title: `Zine swap ${t}`,
      slug: `zine-swap-${t}`,
      content: `Who wants to swap zines this spring? ${t}`,
      categoryId: category!.id,
      userId,
    })
    .returning();
  return row!;
}

test("the bell shows her unread count; the panel opens a notification, which marks it read; the page filters and marks all read", async ({
  page,
}) => {
  const her = await newMember(page);
  const amara = await createTestUser({ firstName: "Amara", lastName: `Okafor ${tag()}` });
  const topic = await topicBy(her.id);
  await testDb()
    .insert(notifications)
    .values([
      { userId: her.id, kind: "announcement", title: "The spring retreat is open for booking", url: "/events" },
      {
        userId: her.id,
        kind: "forum_reply",
        actorId: amara.id,
        title: `replied to your topic “${topic.title}”`,
        url: `/forum/topic/${topic.slug}`,
      },
    ]);
  await page.goto("/forum");
  await expect(bell(page)).toHaveAccessibleName("Notifications, 2 unread");
  await bell(page).click();
  const panel = page.getByRole("region", { name: "Latest notifications" });
  await expect(
    panel.getByRole("link", {
      name: `Unread: ${amara.firstName} ${amara.lastName} replied to your topic “${topic.title}”`,
    }),
  ).toBeVisible();
  await expectAccessibleAtBothWidths(page, "the notification panel");
  await panel.getByRole("link", { name: /replied to your topic/ }).click();
  await expect(page).toHaveURL(new RegExp(`/forum/topic/${topic.slug}$`));
  await expect(page.getByRole("heading", { level: 1, name: topic.title })).toBeVisible();
  await expect(bell(page)).toHaveAccessibleName("Notifications, 1 unread");

  await bell(page).click();
  await page.getByRole("link", { name: "See all notifications" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Notifications" })).toBeVisible();
  await expect(page.getByRole("list", { name: "Notifications" }).getByRole("listitem")).toHaveCount(2);
  await page.getByRole("navigation", { name: "Filter by kind" }).getByRole("link", { name: "Announcements" }).click();
  await expect(page).toHaveURL(/kind=announcement/);
  await expect(page.getByRole("list", { name: "Notifications" }).getByRole("listitem")).toHaveCount(1);
  await expectAccessibleAtBothWidths(page, "/notifications");
  await page.getByRole("button", { name: "Mark all read" }).click();
  await expect(page.getByText("You are all caught up.")).toBeVisible();
  await expect(bell(page)).toHaveAccessibleName("Notifications");
});

test("a reply to her topic reaches her open page live, without a reload", async ({ page, browser }) => {
  const her = await newMember(page, { firstName: "Jordan" });
  const topic = await topicBy(her.id);
  await page.goto(`/forum/topic/${topic.slug}`);
  await expect(bell(page)).toHaveAccessibleName("Notifications");

  const replierPage = await browser.newPage();
  const replier = await newMember(replierPage, { firstName: "Lena" });
  await replierPage.goto(`/forum/topic/${topic.slug}`);
  await replierPage.getByLabel("Add a reply").fill("Count me in for the zine swap!");
  await replierPage.getByRole("button", { name: "Post Reply" }).click();
  await expect(replierPage.getByText("Count me in for the zine swap!")).toBeVisible();
  await replierPage.close();

  await expect(bell(page)).toHaveAccessibleName("Notifications, 1 unread", { timeout: 30_000 });
  await expect(page.getByText(`New notification: Lena ${replier.lastName} replied to your topic`)).toBeAttached();
});

test("members write to each other from the directory; the conversation updates live and shows read state", async ({
  page,
  browser,
}) => {
  const amara = await newMember(page, { firstName: "Amara" });
  const jordanPage = await browser.newPage();
  const jordan = await newMember(jordanPage, { firstName: "Jordan" });

  await page.goto("/members");
  await page.getByLabel("Search members").fill(jordan.lastName);
  const card = page.getByRole("listitem").filter({ hasText: `Jordan ${jordan.lastName}` });
  await card.getByRole("link", { name: `Message Jordan ${jordan.lastName}` }).click();
  await expect(page.getByRole("heading", { level: 1, name: "New message" })).toBeVisible();
  await page
    .getByLabel(`Message to Jordan ${jordan.lastName}`)
    .fill("Hi Jordan! Would you like to make a zine together?");
  await page.getByRole("button", { name: "Send" }).click();
  await expect(page).toHaveURL(/\/messages\/\d+$/);
  await expect(
    page.getByRole("list", { name: "Messages" }).getByText("Would you like to make a zine together?"),
  ).toBeVisible();
  await expectAccessibleAtBothWidths(page, "a conversation");

  await jordanPage.goto("/profile");
  await expect(bell(jordanPage)).toHaveAccessibleName("Notifications, 1 unread", { timeout: 30_000 });
  await bell(jordanPage).click();
  await jordanPage.getByRole("link", { name: `Unread: Amara ${amara.lastName} sent you a message` }).click();
  await expect(jordanPage.getByRole("heading", { level: 1, name: `Amara ${amara.lastName}` })).toBeVisible();
  await jordanPage.getByLabel(`Message to Amara ${amara.lastName}`).fill("Yes! Let's meet at the Creative Lab.");
  await jordanPage.getByRole("button", { name: "Send" }).click();
  await expect(
    jordanPage.getByRole("list", { name: "Messages" }).getByText("Let's meet at the Creative Lab."),
  ).toBeVisible();

  // Amara's open conversation shows the answer without a reload.
  await expect(page.getByRole("list", { name: "Messages" }).getByText("Let's meet at the Creative Lab.")).toBeVisible({
    timeout: 30_000,
  });
  await page.getByRole("link", { name: "← All messages" }).click();
  await expect(
    page
      .getByRole("list", { name: "Conversations" })
      .getByRole("link", { name: new RegExp(`Jordan ${jordan.lastName}`) }),
  ).toBeVisible();
  await expectAccessibleAtBothWidths(page, "/messages");
  await jordanPage.close();
});

test("a member who turned messages off cannot be written to, and the Message button says so", async ({
  page,
  browser,
}) => {
  const quietPage = await browser.newPage();
  const quiet = await newMember(quietPage);
  await quietPage.goto("/messages");
  await quietPage.getByLabel("Nobody (messages off)").check();
  await expect(quietPage.getByText("Settings saved").first()).toBeVisible();
  await quietPage.close();

  await newMember(page);
  await page.goto(`/profile/${quiet.id}`);
  await page.getByRole("link", { name: "Message", exact: true }).click();
  await expect(page.getByText("This member does not accept messages.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Send" })).toHaveCount(0);
});

test("installable on a phone: a valid manifest, a service worker and an offline page", async ({
  page,
  context,
  consoleErrors,
}) => {
  await newMember(page);
  await page.goto("/notifications/settings");
  await expect(page.getByRole("heading", { level: 1, name: "Notification settings" })).toBeVisible();
  await expectAccessibleAtBothWidths(page, "/notifications/settings");

  const manifestHref = await page.locator('link[rel="manifest"]').getAttribute("href");
  expect(manifestHref).toBe("/manifest.webmanifest");
  const manifest = await (await page.request.get(manifestHref!)).json();
  expect(manifest).toMatchObject({
    name: expect.any(String),
    short_name: expect.any(String),
    start_url: "/",
    display: "standalone",
    theme_color: expect.stringMatching(/^#/),
  });
  for (const icon of manifest.icons as { src: string; sizes: string }[])
    expect((await page.request.get(icon.src)).status(), icon.src).toBe(200);
  expect(manifest.icons.map((icon: { sizes: string }) => icon.sizes)).toEqual(
    expect.arrayContaining(["192x192", "512x512"]),
  );

  // The service worker the settings page registered takes control; Chromium then finds nothing missing to install the app.
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
  await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  const cdp = await context.newCDPSession(page);
  const { installabilityErrors } = (await cdp.send("Page.getInstallabilityErrors")) as {
    installabilityErrors: { errorId: string }[];
  };
  // Playwright's contexts are incognito profiles, where Chromium never offers to install ("in-incognito");
  // anything about the manifest, its icons, the start URL or the service worker would be listed too.
  expect(installabilityErrors.filter((error) => error.errorId !== "in-incognito")).toEqual([]);

  await context.setOffline(true);
  await page.goto("/forum").catch(() => undefined);
  await expect(page.getByRole("heading", { level: 1, name: "You are offline" })).toBeVisible();
  await context.setOffline(false);
  // Offline, the browser logs each request it could not make (the offline page's scripts, the stream): expected here, and only here.
  const unexpected = consoleErrors.filter((error) => !error.includes("net::ERR_INTERNET_DISCONNECTED"));
  consoleErrors.splice(0, consoleErrors.length, ...unexpected);
});

test("mentions a member with the editor's typeahead; she is notified of the mention", async ({ page }) => {
  await newMember(page);
  const mentioned = await createTestUser({ membershipLevel: "create", firstName: "Zephyrine", lastName: tag() });
  const topic = await topicBy((await createTestUser()).id);
  await page.goto(`/forum/topic/${topic.slug}`);
  const editor = page.getByLabel("Add a reply");
  await editor.fill("Thank you ");
  await editor.pressSequentially("@Zephyr");
  const options = page.getByRole("listbox", { name: "Members to mention" });
  await expect(options.getByRole("option", { name: `Zephyrine ${mentioned.lastName}` })).toBeVisible();
  await expectAccessibleAtBothWidths(page, "the mention typeahead");
  await editor.press("Enter");
  await expect(editor).toHaveValue(`Thank you [@Zephyrine ${mentioned.lastName}](/profile/${mentioned.id}) `);
  await editor.pressSequentially("for the idea!");
  await page.getByRole("button", { name: "Post Reply" }).click();
  await expect(page.getByRole("link", { name: `@Zephyrine ${mentioned.lastName}` })).toHaveAttribute(
    "href",
    `/profile/${mentioned.id}`,
  );
  await expect
    .poll(
      async () =>
        // Her forum notifications: a library item another file publishes meanwhile reaches every member.
        (await testDb().select().from(notifications).where(eq(notifications.userId, mentioned.id)))
          .map((n) => n.kind)
          .filter((kind) => kind.startsWith("forum_")),
      { timeout: 30_000 },
    )
    .toEqual(["forum_mention"]);
});
