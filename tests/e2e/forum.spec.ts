import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Page } from "@playwright/test";
import { forumCategories, forumPosts, forumTopics } from "@/db/schema";
import type { TierId } from "@/features/membership/constants";
import { createTestUser, TEST_PASSWORD, testDb } from "../support/db";
import { expect, expectAccessible, expectAccessibleAtBothWidths, signInAs, test, toast } from "./fixtures";

const tag = () => randomUUID().slice(0, 8);

async function signInNewMember(
  page: Page,
  level: TierId | null = "create",
  overrides: Parameters<typeof createTestUser>[0] = {},
) {
  const user = await createTestUser({ membershipLevel: level, firstName: "Robin", ...overrides });
  await signInAs(page, user.username, TEST_PASSWORD);
  return user;
}

async function categoryId(slug: string) {
  const [row] = await testDb()
    .select({ id: forumCategories.id })
    .from(forumCategories)
    .where(eq(forumCategories.slug, slug));
  return row!.id;
}

async function newTopic(authorId: number, overrides: Partial<typeof forumTopics.$inferInsert> = {}) {
  const t = tag();
  const [row] = await testDb()
    .insert(forumTopics)
    .values({
      title: `Browser topic ${t}`,
      slug: `browser-topic-${t}`,
      content: `Opening post of browser topic ${t}.`,
      categoryId: await categoryId("creative-corner"),
      userId: authorId,
      ...overrides,
    })
    .returning();
  return row!;
}

async function newReply(topicId: number, userId: number, content: string) {
  const [row] = await testDb().insert(forumPosts).values({ topicId, userId, content }).returning();
  return row!;
}

async function atBothWidths(page: Page, check: () => Promise<void>) {
  await check();
  await page.setViewportSize({ width: 320, height: 800 });
  await page.reload();
  await check();
  await page.setViewportSize({ width: 1280, height: 800 });
}

test.describe("forum as a member", () => {
  test("browses the categories, a category and a topic with its author card, badges and replies", async ({ page }) => {
    await signInNewMember(page);
    await page.goto("/forum");
    await atBothWidths(page, async () => {
      const categories = page.getByRole("list", { name: "Categories" });
      await expect(categories.getByRole("heading", { name: "Introductions" })).toBeVisible();
      // Empower and above: shown locked, with the way in.
      await expect(categories.getByRole("link", { name: "Locked: how to join Leadership Circle" })).toBeVisible();
      const topics = page.getByRole("list", { name: "Topics" });
      await expect(topics.getByRole("link", { name: "Welcome! Start here and say hello" })).toBeVisible();
      await expect(topics.getByText("Maya Okafor").first()).toBeVisible();
      await expect(topics.getByText(/user #/)).toHaveCount(0);
      await expectAccessible(page, "/forum");
    });

    await page.getByRole("link", { name: "View discussions in Wellness & Self-Care" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Wellness & Self-Care" })).toBeVisible();
    await expect(page.getByRole("link", { name: "← All forums" })).toBeVisible();
    await expectAccessible(page, "/forum/wellness");

    await page.goto("/forum/topic/welcome-start-here");
    await atBothWidths(page, async () => {
      await expect(page.getByRole("heading", { level: 1, name: "Welcome! Start here and say hello" })).toBeVisible();
      await expect(page.getByText("Pinned", { exact: true })).toBeVisible();
      await expect(page.getByRole("article", { name: "Reply by Lena Fischer" }).getByText("(edited)")).toBeVisible();
      // Jordan's reply: the forum demo's heart from the admin and two more from the levels demo's reactors.
      await expect(
        page
          .getByRole("article", { name: "Reply by Jordan Lee" })
          .getByRole("button", { name: "Heart (3)", exact: true }),
      ).toBeVisible();
      await expectAccessible(page, "/forum/topic/welcome-start-here");
    });
    await page.getByRole("link", { name: "Maya Okafor" }).first().hover();
    await expect(page.getByText("Co-founder. I design gatherings where womxn feel at home.")).toBeVisible();
  });

  test("creates a topic: every validation message, the generated slug, then the topic page", async ({ page }) => {
    await signInNewMember(page);
    await page.goto("/forum/new-topic");
    await page.getByRole("button", { name: "Create Topic" }).click();
    await expect(page.getByText("Please select a category")).toBeVisible();
    await expect(page.getByText("Title must be at least 5 characters")).toBeVisible();
    await expect(page.getByText("Content must be at least 20 characters")).toBeVisible();
    await page.getByLabel("Title").fill("x".repeat(101));
    await page.getByLabel("URL slug").fill("No Way");
    await page.getByRole("button", { name: "Create Topic" }).click();
    await expect(page.getByText("Title must be no more than 100 characters")).toBeVisible();
    await expect(page.getByText("Slug can only contain lowercase letters, numbers, and hyphens")).toBeVisible();
    await page.getByLabel("URL slug").fill("ab");
    await page.getByRole("button", { name: "Create Topic" }).click();
    await expect(page.getByText("Slug must be at least 3 characters")).toBeVisible();
    await expectAccessible(page, "/forum/new-topic with errors");

    await page.reload();
    const t = tag();
    await page.getByLabel("Category").selectOption({ label: "Creative Corner" });
    await page.getByLabel("Title").fill(`Zine swap, anyone? ${t}!`);
    await expect(page.getByLabel("URL slug")).toHaveValue(`zine-swap-anyone-${t}`);
    await page.getByLabel("Content").fill("I have a box of zines to trade. Who wants to swap at the next meetup?");
    await page.getByRole("button", { name: "Create Topic" }).click();
    await expect(page).toHaveURL(new RegExp(`/forum/topic/zine-swap-anyone-${t}$`));
    await expect(toast(page)).toContainText("Topic created");
    await expect(page.getByRole("heading", { level: 1, name: `Zine swap, anyone? ${t}!` })).toBeVisible();
    await expect(page.getByText("No replies yet. Be the first to respond!")).toBeVisible();
  });

  test("replies, edits the reply ('(edited)'), reacts and takes the reaction back", async ({ page }) => {
    const me = await signInNewMember(page);
    const topic = await newTopic(me.id);
    await page.goto(`/forum/topic/${topic.slug}`);
    await page.getByRole("button", { name: "Post Reply" }).click();
    await expect(page.getByText("Post content must be at least 5 characters")).toBeVisible();
    await page.getByLabel("Add a reply").fill("Count me in for the **swap**.");
    // From the keyboard: the button is disabled while pending, and focus must not fall to the page.
    await page.getByRole("button", { name: "Post Reply" }).focus();
    await page.keyboard.press("Enter");
    await expect(toast(page)).toContainText("Post created");
    const reply = page.getByRole("article", { name: "Reply by Robin" });
    await expect(reply.locator("strong", { hasText: "swap" })).toBeVisible();
    await expect(page.getByLabel("Add a reply")).toBeFocused();
    await expect(page.getByLabel("Add a reply")).toHaveValue("");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("reply-content");

    await reply.getByRole("button", { name: "Edit" }).click();
    await page.getByLabel("Edit your reply").fill("Count me in for the zine swap.");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(reply.getByText("Count me in for the zine swap.")).toBeVisible();
    await expect(reply.getByText("(edited)")).toBeVisible();

    await reply.getByRole("button", { name: "Smile (0)" }).click();
    await expect(reply.getByRole("button", { name: "Smile (1)" })).toHaveAttribute("aria-pressed", "true");
    await reply.getByRole("button", { name: "Smile (1)" }).click();
    await expect(reply.getByRole("button", { name: "Smile (0)" })).toHaveAttribute("aria-pressed", "false");
    await expectAccessible(page, "topic with her reply");
  });

  test("a category above her tier is shown locked, with what it holds and the way to upgrade", async ({ page }) => {
    await signInNewMember(page, "create");
    await page.goto("/forum");
    await page.getByRole("link", { name: "Locked: how to join Leadership Circle" }).click();
    await expect(page).toHaveURL(/\/forum\/leadership-circle$/);
    await expect(page.getByRole("heading", { level: 1, name: "Leadership Circle" })).toBeVisible();
    const panel = page.getByTestId("gating-panel");
    await expect(panel).toContainText(
      /This forum category is for Empower members and above\. It holds \d+ topics?\. Your Create membership does not include it yet\./,
    );
    await expect(panel.getByRole("link", { name: "Upgrade your membership" })).toHaveAttribute(
      "href",
      "/profile?tab=billing",
    );
    await expect(page.getByRole("list", { name: "Topics" })).toHaveCount(0);
    await expect(page.getByText("Asking for help in public")).toHaveCount(0);
    await expectAccessibleAtBothWidths(page, "a locked forum category");
  });

  test("a long topic's preview stops at a word, with an ellipsis", async ({ page }) => {
    const me = await signInNewMember(page);
    const content = `We meet every **Thursday** in the studio to bind books by hand. ${"Bring paper, thread and a needle; we share the awls and the bone folders. ".repeat(3)}`;
    const topic = await newTopic(me.id, { content });
    await page.goto("/forum/creative-corner");
    const card = page.getByRole("listitem").filter({ has: page.getByRole("link", { name: topic.title }) });
    const preview = (await card.locator("p.text-muted-foreground").first().textContent())!;
    expect(preview.endsWith("…")).toBe(true);
    expect(preview.length).toBeLessThanOrEqual(151);
    expect(preview).not.toContain("**");
    // What is shown is whole words of the post's text.
    const plain = content.replace(/\*\*/g, "").replace(/\s+/g, " ");
    expect(plain.startsWith(preview.slice(0, -1))).toBe(true);
    expect(plain[preview.length - 1]).toMatch(/[\s.;,]/);
  });

  test("a locked topic shows the notice and no reply form; a Create-tier member cannot open an Empower-only topic by its URL", async ({
    page,
  }) => {
    await signInNewMember(page, "create");
    await page.goto("/forum/topic/autumn-retreat-photos");
    await expect(page.getByText("This topic is locked. No new replies can be added.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Post Reply" })).toHaveCount(0);
    await page.goto("/forum/topic/asking-for-help-in-public");
    await expect(page).toHaveURL(/\/forum$/);
    await expect(page.getByText("Asking for help in public")).toHaveCount(0);
  });

  test("search finds a reply's words, highlighted", async ({ page }) => {
    const me = await signInNewMember(page);
    const word = `marigold${tag()}`;
    const topic = await newTopic(me.id);
    await newReply(topic.id, me.id, `We planted ${word} seeds along the fence.`);
    await page.goto("/forum");
    await page.getByRole("searchbox", { name: "Search the forum" }).fill(word);
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page.getByRole("heading", { name: `Results for “${word}”` })).toBeVisible();
    await expect(page.getByRole("link", { name: topic.title })).toBeVisible();
    await expect(page.locator("mark", { hasText: word })).toBeVisible();
    await expectAccessible(page, "/forum?q=");
  });

  test("a blocked member's posts disappear", async ({ page }) => {
    const me = await signInNewMember(page);
    const other = await createTestUser({ firstName: "Quinn", lastName: `Blocked ${tag()}` });
    const topic = await newTopic(me.id);
    await newReply(topic.id, other.id, "A reply from the member she will block.");
    await page.goto(`/forum/topic/${topic.slug}`);
    const theirs = page.getByRole("article", { name: `Reply by Quinn ${other.lastName}` });
    await theirs.getByRole("button", { name: `Block Quinn ${other.lastName}` }).click();
    await expect(toast(page)).toContainText("Member blocked");
    await expect(theirs).toHaveCount(0);
    await page.goto("/forum/settings");
    await expect(page.getByRole("button", { name: `Unblock Quinn ${other.lastName}` })).toBeVisible();
    await expectAccessible(page, "/forum/settings");
  });
});

test.describe("moderation and /admin/forum", () => {
  test("three reports hide a post and an admin restores it", async ({ page, browser }) => {
    const author = await createTestUser({ firstName: "Ash" });
    const topic = await newTopic(author.id);
    const reply = await newReply(topic.id, author.id, `A reply that three members report ${tag()}`);
    for (let i = 0; i < 3; i++) {
      const context = await browser.newContext({ baseURL: process.env.TEST_BASE_URL });
      const reporter = await context.newPage();
      await signInNewMember(reporter);
      await reporter.goto(`/forum/topic/${topic.slug}`);
      await reporter
        .getByRole("article", { name: /Reply by Ash/ })
        .getByRole("button", { name: "Report" })
        .click();
      await reporter.getByLabel("Reason").fill("Unkind to another member");
      await reporter.getByRole("button", { name: "Send report" }).click();
      await expect(toast(reporter)).toContainText("Report sent");
      await context.close();
    }
    await signInNewMember(page, null, { isAdmin: true });
    await page.goto(`/forum/topic/${topic.slug}`);
    await expect(page.getByText(reply.content)).toHaveCount(0);

    await page.goto("/admin/forum");
    await expectAccessible(page, "/admin/forum");
    const item = page.getByRole("listitem").filter({ hasText: reply.content });
    await expect(item.getByText(/Hidden · reported 3 times/)).toBeVisible();
    await item.getByLabel("Note to the author (optional, emailed)").fill("Reviewed, no rule broken.");
    await item.getByRole("button", { name: "Restore" }).click();
    await expect(toast(page)).toContainText("Post restored");
    await page.goto(`/forum/topic/${topic.slug}`);
    await expect(page.getByText(reply.content)).toBeVisible();
  });

  test("an admin pins, locks, moves and deletes a topic", async ({ page }) => {
    await signInNewMember(page, null, { isAdmin: true });
    const author = await createTestUser();
    const topic = await newTopic(author.id, { lastPostAt: new Date(Date.now() + 60_000) });
    await page.goto("/admin/forum");
    await page.setViewportSize({ width: 320, height: 800 });
    await expectAccessible(page, "/admin/forum at 320 px");
    await page.setViewportSize({ width: 1280, height: 800 });
    const row = page.getByRole("listitem").filter({ has: page.getByRole("link", { name: topic.title }) });
    await row.getByRole("button", { name: `Pin ${topic.title}` }).click();
    await expect(row.getByRole("button", { name: `Unpin ${topic.title}` })).toBeVisible();
    await row.getByRole("button", { name: `Lock ${topic.title}` }).click();
    await expect(row.getByRole("button", { name: `Unlock ${topic.title}` })).toBeVisible();
    await row.getByLabel(`Move ${topic.title} to`).selectOption({ label: "Wellness & Self-Care" });
    await row.getByRole("button", { name: `Move ${topic.title}` }).click();
    await expect(row.locator("span", { hasText: "· Wellness & Self-Care ·" })).toBeVisible();

    await page.goto(`/forum/topic/${topic.slug}`);
    await expect(page.getByText("Pinned", { exact: true })).toBeVisible();
    await expect(page.getByText("This topic is locked. No new replies can be added.")).toBeVisible();
    await expect(page.getByRole("link", { name: "← Wellness & Self-Care" })).toBeVisible();

    await page.goto("/admin/forum");
    await page.getByRole("button", { name: `Delete ${topic.title}` }).click();
    await expect(toast(page)).toContainText("Topic deleted");
    await page.goto(`/forum/topic/${topic.slug}`);
    await expect(page).toHaveURL(/\/forum$/);
  });
});
