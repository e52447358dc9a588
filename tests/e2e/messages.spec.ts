import { randomUUID } from "node:crypto";
import type { Browser, Page } from "@playwright/test";
import { eq } from "drizzle-orm";
import { forumBlocks, notificationPreferences, users } from "@/db/schema";
import { NOTIFICATION_KINDS } from "@/features/notifications/constants";
import { createTestUser, TEST_PASSWORD, testDb } from "../support/db";
import { expect, expectAccessible, expectAccessibleAtBothWidths, signInAs, test } from "./fixtures";

// Direct messages are found from the header (the icon beside the bell, the mobile menu), written to a
// member found by name, and a message arriving in the conversation she has open raises no count.

const tag = () => randomUUID().slice(0, 8);
const bell = (page: Page) => page.getByTestId("notification-bell");
const nav = (page: Page) => page.getByRole("navigation", { name: "Main" });

/** Another member, signed in in a browser page of her own, who writes to `toUserId` through the API. */
async function writer(browser: Browser, overrides: Parameters<typeof createTestUser>[0]) {
  const user = await createTestUser(overrides);
  const page = await browser.newPage();
  await signInAs(page, user.username, TEST_PASSWORD);
  const write = async (toUserId: number, body: string) => {
    const response = await page.request.post("/api/messages", {
      data: { toUserId, body },
      headers: { origin: process.env.TEST_BASE_URL! },
    });
    expect(response.status(), await response.text()).toBe(201);
  };
  return { user, page, write };
}

/** Every accessible name the bell takes from now on (it changes only when her count does). */
async function watchBell(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const button = document.querySelector('[data-testid="notification-bell"]')!;
    const seen: string[] = [];
    (window as unknown as { bellNames: string[] }).bellNames = seen;
    new MutationObserver(() => seen.push(button.getAttribute("aria-label") ?? "")).observe(button, {
      attributes: true,
      attributeFilter: ["aria-label"],
    });
  });
  return () => page.evaluate(() => (window as unknown as { bellNames: string[] }).bellNames);
}

test("she reaches Messages from the header at 390 and 1280 px, writes to a member found by name, and her bell stays put while the conversation is open", async ({
  page,
  browser,
}) => {
  const t = tag();
  // Other files publish library items and announcements to every member meanwhile: she hears of
  // nothing but her messages, so that her bell counts only what this test does. She becomes a member
  // only once that is set (CI: an item published while her two writers signed in reached her first).
  const her = await createTestUser({ membershipLevel: null, firstName: "Noor", lastName: `${t} Haddad` });
  await testDb()
    .insert(notificationPreferences)
    .values(
      NOTIFICATION_KINDS.filter((kind) => kind !== "direct_message").map((kind) => ({
        userId: her.id,
        kind,
        delivery: "off" as const,
      })),
    );
  await testDb().update(users).set({ membershipLevel: "create" }).where(eq(users.id, her.id));
  const lena = await writer(browser, { firstName: "Lena", lastName: `${t} Moreau` });
  const amara = await writer(browser, { firstName: "Amara", lastName: `${t} Okafor` });
  // Namesakes she must not be offered: one blocked her, she blocked one, one hides from the directory.
  const blocksHer = await createTestUser({ firstName: "Amara", lastName: `${t} Blocker` });
  const blockedByHer = await createTestUser({ firstName: "Amara", lastName: `${t} Blocked` });
  await createTestUser({ firstName: "Amara", lastName: `${t} Hidden`, hiddenFromDirectory: true });
  await testDb()
    .insert(forumBlocks)
    .values([
      { blockerId: blocksHer.id, blockedId: her.id },
      { blockerId: her.id, blockedId: blockedByHer.id },
    ]);
  await lena.write(her.id, "Are you coming to the print fair?");
  await signInAs(page, her.username, TEST_PASSWORD);

  // On a phone: the icon beside the bell counts Lena's conversation; the menu's Messages item opens it.
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto("/forum");
  await expect(page.getByTestId("messages-link")).toHaveAccessibleName("Messages, 1 unread");
  await page.getByRole("button", { name: "Open menu" }).click();
  await expectAccessible(page, "the member's mobile menu at 390 px");
  await page.locator("#mobile-menu").getByRole("link", { name: "Messages, 1 unread" }).click();
  await expect(page).toHaveURL(/\/messages$/);
  await expect(page.getByRole("heading", { level: 1, name: "Messages" })).toBeVisible();

  // On a desktop: the header's icon, from another page.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/library");
  await nav(page).getByRole("link", { name: "Messages, 1 unread" }).click();
  await expect(page).toHaveURL(/\/messages$/);
  await expectAccessibleAtBothWidths(page, "/messages with New message");
  await page.getByRole("link", { name: "New message" }).click();

  const to = page.getByRole("combobox", { name: "To" });
  await expect(to).toBeFocused();
  await to.pressSequentially(`amara ${t}`);
  const offered = page.getByRole("listbox", { name: "Members" }).getByRole("option");
  await expect(offered).toHaveCount(1);
  await expect(offered.first()).toHaveAccessibleName(`Amara ${t} Okafor`);
  await expectAccessibleAtBothWidths(page, "New message's member search");
  await to.press("Enter");
  const composer = page.getByLabel(`Message to Amara ${t} Okafor`);
  await expect(composer).toBeFocused();
  await composer.fill("Hello Amara! Shall we swap zines?");
  // The conversation she lands on says it is open on her screen.
  const opened = page.waitForResponse((response) => /\/api\/messages\/\d+\/read$/.test(response.url()));
  await page.getByRole("button", { name: "Send" }).click();
  await expect(page).toHaveURL(/\/messages\/\d+$/);
  const thread = page.getByRole("list", { name: "Messages" });
  await expect(thread.getByText("Shall we swap zines?")).toBeVisible();
  expect((await opened).status()).toBe(200);

  // Amara answers while the conversation is open: it shows, and her counts never move.
  await expect(bell(page)).toHaveAccessibleName("Notifications, 1 unread");
  const bellNames = await watchBell(page);
  await amara.write(her.id, "Yes please, bring your best one!");
  await expect(thread.getByText("Yes please, bring your best one!")).toBeVisible();
  expect(await bellNames()).toEqual([]);
  await expect(bell(page)).toHaveAccessibleName("Notifications, 1 unread");
  await expect(page.getByTestId("messages-link")).toHaveAccessibleName("Messages, 1 unread");

  // Once she has left it, the next message counts again.
  const closed = page.waitForResponse((response) => /\/api\/messages\/\d+\/close$/.test(response.url()));
  await nav(page).getByRole("link", { name: "Forum", exact: true }).click();
  await expect(page).toHaveURL(/\/forum$/);
  expect((await closed).status()).toBe(200);
  await amara.write(her.id, "See you Saturday.");
  await expect(page.getByTestId("messages-link")).toHaveAccessibleName("Messages, 2 unread", { timeout: 30_000 });
  await expect(bell(page)).toHaveAccessibleName("Notifications, 2 unread");
  await lena.page.close();
  await amara.page.close();
});
