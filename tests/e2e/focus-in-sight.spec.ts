import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { forumCategories, forumPosts, forumTopics } from "@/db/schema";
import { createTestUser, TEST_PASSWORD, testDb } from "../support/db";
import { expect, expectAccessibleAtBothWidths, signInAs, test } from "./fixtures";
import { expectFocusInSight, expectFocusOn, tabCheckingSight } from "./focus";

// WCAG 2.4.11 Focus Not Obscured: the sticky header and the cookie banner never cover the focused
// element, whichever way she tabs (the page's scroll padding; docs/decisions/037-focus-after-an-action.md).
// The banner is left in place, as a visitor who has not chosen yet sees it.

const tag = () => randomUUID().slice(0, 8);
const banner = (page: import("@playwright/test").Page) => page.getByRole("region", { name: "Cookie consent" });

test("tabbing both ways through a forum topic's replies, focus stays clear of the header and the banner", async ({
  page,
}) => {
  test.slow(); // one press and one look per control, through eight replies both ways
  const t = tag();
  const [category] = await testDb()
    .select({ id: forumCategories.id })
    .from(forumCategories)
    .where(eq(forumCategories.slug, "creative-corner"));
  const authors = await Promise.all(
    ["Ada", "Bea", "Cleo", "Dita"].map((firstName) => createTestUser({ firstName, lastName: `Reader ${t}` })),
  );
  const [topic] = await testDb()
    .insert(forumTopics)
    .values({
      title: `Long threads ${t}`,
      slug: `long-threads-${t}`,
      content: "Where do your long projects live?",
      categoryId: category!.id,
      userId: authors[0]!.id,
    })
    .returning();
  await testDb()
    .insert(forumPosts)
    .values(
      Array.from({ length: 8 }, (_, i) => ({
        topicId: topic!.id,
        userId: authors[i % authors.length]!.id,
        content: `Reply ${i + 1}: a notebook, a wall of index cards and a very patient cat. ${"More words. ".repeat(20)}`,
      })),
    );
  const me = await createTestUser({ membershipLevel: "create" });
  await signInAs(page, me.username, TEST_PASSWORD);
  await page.goto("/forum");
  await page.getByRole("link", { name: "Creative Corner" }).first().click();
  await page.getByRole("link", { name: topic!.title }).click();
  await expect(page.getByRole("heading", { level: 1, name: topic!.title })).toBeVisible();
  await expect(page.getByRole("article", { name: /^Reply by / })).toHaveCount(8);
  await expect(banner(page)).toBeVisible();

  const back = page.getByRole("link", { name: "← Creative Corner" });
  const postReply = page.getByRole("button", { name: "Post Reply" });
  await postReply.focus();
  await tabCheckingSight(page, back, { backwards: true });
  await tabCheckingSight(page, postReply);

  // One element per id: the reply's article carries post-N, which notifications link to.
  const duplicates = await page.evaluate(() => {
    const ids = [...document.querySelectorAll("[id]")].map((element) => element.id);
    return ids.filter((id, index) => ids.indexOf(id) !== index);
  });
  expect(duplicates).toEqual([]);
  const firstReplyId = await page
    .getByRole("article", { name: /^Reply by / })
    .first()
    .getAttribute("id");
  expect(firstReplyId).toMatch(/^post-\d+$/);
});

test("on /events, Shift+Tab from the event list back to the view buttons scrolls them out from under the header", async ({
  page,
}) => {
  await page.goto("/");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Events" }).click();
  const listView = page.getByRole("button", { name: "List View" });
  const eventList = page.getByRole("region", { name: "Event list" });
  // Loaded, so that the page is long enough to scroll the buttons up to the header.
  await expect(eventList.getByRole("link").first()).toBeVisible();
  await eventList.focus();
  // The buttons just under the header: in the window, so the browser sees no need to scroll to them.
  await listView.evaluate((button) =>
    window.scrollBy({ top: button.getBoundingClientRect().top - 8, behavior: "instant" }),
  );
  expect(await listView.evaluate((button) => button.getBoundingClientRect().top)).toBeLessThan(20);
  await page.keyboard.press("Shift+Tab");
  await expectFocusOn(page, page.getByRole("button", { name: "Calendar View" }), "Shift+Tab from the event list");
  await expectFocusInSight(page, "Calendar View");
  await page.keyboard.press("Shift+Tab");
  await expectFocusOn(page, listView, "Shift+Tab");
  await expectFocusInSight(page, "List View");
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 320, height: 640 } });

  test("the cookie banner never covers the field she tabs to on /apply", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.locator("#mobile-menu").getByRole("link", { name: "Apply", exact: true }).click();
    await expect(page).toHaveURL(/\/apply$/);
    await expect(banner(page)).toBeVisible();
    const firstName = page.getByLabel("First name", { exact: true });
    const submit = page.getByRole("button", { name: /Submit Application|Start Your Free Trial/ });
    await firstName.focus();
    await expectFocusInSight(page, "First name");
    await tabCheckingSight(page, submit);
  });

  test("Escape puts the cookie banner away without choosing, until the next page load", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.locator("#mobile-menu").getByRole("link", { name: "Apply", exact: true }).click();
    await expect(page).toHaveURL(/\/apply$/);
    await expect(banner(page)).toBeVisible();
    // From a field of the page: focus stays on it, nothing is stored, the banner is back next time.
    await page.getByLabel("Email", { exact: true }).focus();
    await page.keyboard.press("Escape");
    await expect(banner(page)).toHaveCount(0);
    await expectFocusOn(page, page.getByLabel("Email", { exact: true }), "Escape on the banner");
    expect(await page.evaluate(() => window.localStorage.getItem("cookie-consent"))).toBeNull();
    await page.reload();
    await expect(banner(page)).toBeVisible();

    // From inside the banner too; focus then returns to where she was before it.
    await page.getByLabel("Phone", { exact: true }).focus();
    await banner(page).getByRole("button", { name: "Accept All" }).focus();
    await page.keyboard.press("Escape");
    await expect(banner(page)).toHaveCount(0);
    await expectFocusOn(page, page.getByLabel("Phone", { exact: true }), "Escape inside the banner");
    await expectAccessibleAtBothWidths(page, "/apply after Escape on the banner");
  });

  test("a member's /chat fits 320 px: Delete conversation is whole", async ({ page }) => {
    const member = await createTestUser({ membershipLevel: "create" });
    await signInAs(page, member.username, TEST_PASSWORD);
    await page.goto("/forum");
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.locator("#mobile-menu").getByRole("link", { name: "AI Chat" }).click();
    const remove = page.getByRole("button", { name: "Delete conversation" });
    await expect(remove).toBeVisible();
    const clipped = await remove.evaluate((button) => {
      const panel = button.closest("section")!.getBoundingClientRect();
      const box = button.getBoundingClientRect();
      return {
        outside: box.left < panel.left || box.right > panel.right,
        textCut: button.scrollWidth > button.clientWidth,
      };
    });
    expect(clipped).toEqual({ outside: false, textCut: false });
    await expectAccessibleAtBothWidths(page, "/chat for a member");
  });
});
