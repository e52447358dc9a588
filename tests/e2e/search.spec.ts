import type { Page } from "@playwright/test";
import { randomUUID } from "node:crypto";
import { contentItems, events, forumCategories, forumTopics } from "@/db/schema";
import { MEMBERS_HOME } from "@/lib/auth/access";
import { createTestUser, TEST_PASSWORD, testDb } from "../support/db";
import { expect, expectAccessible, expectAccessibleAtBothWidths, test } from "./fixtures";

// The header's search, as a member uses it: from the sign-in page, by keyboard alone.

const word = (stem: string) =>
  `${stem}${randomUUID()
    .replace(/[^a-f]/g, "")
    .slice(0, 8)}`;

async function category(requiredMembershipLevel: "empower" | null) {
  const slug = word("category");
  const [row] = await testDb()
    .insert(forumCategories)
    .values({ name: slug, slug, description: "A search test category", requiredMembershipLevel })
    .returning();
  return row!;
}

/** Signs in on the form with the keyboard alone, from the sign-in page. */
async function signInByKeyboard(page: Page, username: string) {
  await page.goto("/login");
  await page.getByLabel("Username").focus();
  await page.keyboard.type(username);
  await page.keyboard.press("Tab");
  await page.keyboard.type(TEST_PASSWORD);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(MEMBERS_HOME);
  // She sees her home, with what is new for her (loaded by the page's script, so the page is live),
  // before she reaches for a shortcut: a key pressed while the page is still arriving goes nowhere.
  await expect(page.getByRole("status").filter({ hasText: /^Since / })).toBeVisible();
}

const searchBox = (page: Page) => page.getByRole("combobox", { name: "Search the site" });

/** Opens the box with a shortcut, types, and moves with the arrows to the option named `title`; Enter opens it. */
async function findByKeyboard(page: Page, shortcut: string, text: string, title: string) {
  await page.keyboard.press(shortcut);
  await expect(searchBox(page)).toBeFocused();
  await page.keyboard.type(text);
  const option = page.getByRole("option", { name: new RegExp(`^${title}`) });
  await expect(option).toBeVisible();
  for (let i = 0; i < 20 && (await option.getAttribute("aria-selected")) !== "true"; i++) {
    await page.keyboard.press("ArrowDown");
  }
  await expect(option).toHaveAttribute("aria-selected", "true");
  await expect(searchBox(page)).toHaveAttribute("aria-activedescendant", (await option.getAttribute("id"))!);
  await page.keyboard.press("Enter");
}

test("a member finds a topic, a library item, an event and a member from the header's search by keyboard alone", async ({
  page,
}) => {
  const secret = word("sunstone");
  const open = await category(null);
  const author = await createTestUser({ firstName: "Seraphine", lastName: secret, membershipLevel: "create" });
  const [topic] = await testDb()
    .insert(forumTopics)
    .values({
      title: `Topic ${secret}`,
      slug: word("topic"),
      content: "Hello.",
      categoryId: open.id,
      userId: author.id,
    })
    .returning();
  const [item] = await testDb()
    .insert(contentItems)
    .values({
      title: `Guide ${secret}`,
      slug: word("item"),
      summary: "A guide.",
      contentType: "article",
      content: "<p>Words.</p>",
      status: "published",
      publishedAt: new Date(),
    })
    .returning();
  const [event] = await testDb()
    .insert(events)
    .values({
      source: "internal",
      title: `Gathering ${secret}`,
      description: "An evening together.",
      startsAt: new Date(Date.now() + 7 * 86_400_000),
      timezone: "Europe/London",
      accessType: "members",
      type: "members",
    })
    .returning();
  const member = await createTestUser({ membershipLevel: "create" });
  await signInByKeyboard(page, member.username);

  await findByKeyboard(page, "/", secret, topic!.title);
  await expect(page).toHaveURL(new RegExp(`/forum/topic/${topic!.slug}$`));
  await expect(page.getByRole("heading", { level: 1, name: topic!.title })).toBeVisible();

  await findByKeyboard(page, "Control+k", secret, item!.title);
  await expect(page).toHaveURL(`/library/item/${item!.slug}`);
  await expect(page.getByRole("heading", { level: 1, name: item!.title })).toBeVisible();

  await findByKeyboard(page, "/", secret, event!.title);
  await expect(page).toHaveURL(`/events/${event!.id}`);
  await expect(page.getByRole("heading", { level: 1, name: event!.title })).toBeVisible();

  await findByKeyboard(page, "/", secret, `Seraphine ${secret}`);
  await expect(page).toHaveURL(`/profile/${author.id}`);

  // Escape closes the box and gives focus back to the header's button.
  await page.keyboard.press("/");
  await page.keyboard.type(secret);
  await expect(page.getByRole("option", { name: new RegExp(`^${topic!.title}`) })).toBeVisible();
  await expectAccessible(page, "the search box with results on desktop");
  await page.keyboard.press("Escape");
  await expect(
    page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Search the site" }),
  ).toBeFocused();

  // Enter with no option chosen opens every result, filtered by kind on request.
  await page.keyboard.press("/");
  await page.keyboard.type(secret);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(`/search?q=${secret}`);
  for (const kind of ["Forum", "Library", "Events", "Members"]) {
    await expect(page.getByRole("heading", { level: 2, name: kind })).toBeVisible();
  }
  await page.getByRole("navigation", { name: "Filter by kind" }).getByRole("link", { name: "Library" }).click();
  await expect(page).toHaveURL(`/search?q=${secret}&kind=library`);
  await expect(page.getByRole("link", { name: item!.title })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Forum" })).toHaveCount(0);
  await expectAccessibleAtBothWidths(page, "the search results page");

  // On a phone the box opens from the menu.
  await page.setViewportSize({ width: 320, height: 800 });
  await page.getByRole("button", { name: "Open menu" }).click();
  await page.locator("#mobile-menu").getByRole("button", { name: "Search the site" }).click();
  await expect(searchBox(page)).toBeFocused();
  await page.keyboard.type(secret);
  await expect(page.getByRole("option", { name: new RegExp(`^${event!.title}`) })).toBeVisible();
  await expectAccessible(page, "the search box with results at 320 px");
  // Closed, it gives her focus back to the menu's button, the bar's one way in on a phone.
  await page.keyboard.press("Escape");
  await expect(page.getByRole("button", { name: "Open menu" })).toBeFocused();
});

test("a Connect member does not find an Empower topic by its exact title", async ({ page }) => {
  const title = `${word("moonlit")} ${word("circle")}`;
  const empower = await category("empower");
  const author = await createTestUser({ membershipLevel: "empower" });
  await testDb()
    .insert(forumTopics)
    .values({ title, slug: word("topic"), content: "For Empower members.", categoryId: empower.id, userId: author.id });
  const member = await createTestUser({ membershipLevel: "connect" });
  await signInByKeyboard(page, member.username);

  await page.keyboard.press("Control+k");
  // The box's code arrives with its first opening: she types once it is there.
  await expect(searchBox(page)).toBeFocused();
  await page.keyboard.type(title);
  await expect(page.getByRole("dialog").getByText("No results.")).toBeVisible();
  await expect(page.getByRole("option", { name: new RegExp(`^${title}`) })).toHaveCount(0);
});
