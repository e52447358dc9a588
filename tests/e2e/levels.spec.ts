import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Page } from "@playwright/test";
import { forumCategories, forumPosts, forumTopics, pointEntries } from "@/db/schema";
import { createTestUser, TEST_PASSWORD, testDb } from "../support/db";
import { expect, expectAccessibleAtBothWidths, openAccountMenu, signInAs, test, toast } from "./fixtures";

const tag = () => randomUUID().slice(0, 8);

async function switchTo(page: Page, username: string) {
  await page.context().clearCookies();
  await signInAs(page, username, TEST_PASSWORD);
  await page.goto("/home");
}

const mainNav = (page: Page) => page.getByRole("navigation", { name: "Main" });

test("a member's reaction to another's reply raises her points and level, shown on her profile and the leaderboard", async ({
  page,
}) => {
  const t = tag();
  const author = await createTestUser({ membershipLevel: "create", firstName: "Ottilie", lastName: `Points ${t}` });
  const reactor = await createTestUser({ membershipLevel: "create", firstName: "Saoirse" });
  const [category] = await testDb()
    .select({ id: forumCategories.id })
    .from(forumCategories)
    .where(eq(forumCategories.slug, "creative-corner"));
  const [topic] = await testDb()
    .insert(forumTopics)
    .values({
      title: `Glaze recipes ${t}`,
      slug: `glaze-recipes-${t}`,
      content: "Share your favourite glaze.",
      categoryId: category!.id,
      userId: reactor.id,
    })
    .returning();
  await testDb()
    .insert(forumPosts)
    .values({ topicId: topic!.id, userId: author.id, content: "Celadon, fired to cone 10, every time." });
  // A completed course's points (as the courses feature awards them): one point short of level 3.
  await testDb().insert(pointEntries).values({ userId: author.id, reason: "course", sourceId: 1, points: 19 });

  await switchTo(page, author.username);
  await (await openAccountMenu(page)).getByRole("link", { name: "My Profile" }).click();
  await expect(page.getByTestId("standing")).toHaveText("19 points · 1 point to Level 3: Regular");
  await expect(page.getByText("Level 2 · Contributor")).toBeVisible();

  await switchTo(page, reactor.username);
  await mainNav(page).getByRole("link", { name: "Forum", exact: true }).click();
  await page
    .getByRole("link", { name: `Glaze recipes ${t}` })
    .first()
    .click();
  const reply = page.getByRole("article", { name: "Reply by Ottilie" });
  await expect(reply.getByText("Level 2 · Contributor")).toBeVisible();
  await reply.getByRole("button", { name: "Heart (0)" }).click();
  await expect(reply.getByRole("button", { name: "Heart (1)" })).toHaveAttribute("aria-pressed", "true");
  await expect(reply.getByRole("button", { name: "Heart (1)" })).toBeFocused();

  await switchTo(page, author.username);
  await (await openAccountMenu(page)).getByRole("link", { name: "My Profile" }).click();
  await expect(page.getByTestId("standing")).toHaveText("20 points · 45 points to Level 4: Helper");
  await expect(page.getByText("Level 3 · Regular")).toBeVisible();
  await expectAccessibleAtBothWidths(page, "her profile with her points");

  await mainNav(page).getByRole("link", { name: "Leaderboard" }).click();
  await expect(page).toHaveURL(/\/leaderboard$/);
  await page.getByRole("tab", { name: "All time" }).click();
  const board = page.getByRole("list", { name: "Leaderboard, all time" });
  const mine = board.getByRole("listitem").filter({ hasText: `Ottilie Points ${t}` });
  await expect(mine).toContainText("Level 3 · Regular");
  await expect(mine).toContainText("20 points");
  await expect(page.getByText(/^You are number \d+ with 20 points\.$/)).toBeVisible();
  await page.getByRole("tab", { name: "Last 7 days" }).click();
  await expect(
    page
      .getByRole("list", { name: "Leaderboard, last 7 days" })
      .getByRole("listitem")
      .filter({ hasText: `Ottilie Points ${t}` }),
  ).toContainText("20 points");
  await expectAccessibleAtBothWidths(page, "the leaderboard");
});

test("an administrator asks for every member's points to be recomputed, and the page shows the result", async ({
  page,
}) => {
  const admin = await createTestUser({ isAdmin: true });
  await signInAs(page, admin.username, TEST_PASSWORD);
  await page.goto("/admin");
  await page.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: "Levels" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Levels" })).toBeVisible();
  const recompute = page.getByRole("button", { name: "Recompute Points" });
  await recompute.click();
  await expect(toast(page)).toContainText("Recompute Started");
  await expect(recompute).toBeFocused();
  // The job queue does the work; the page tells its result once it is done.
  await expect
    .poll(
      async () => {
        await page.reload();
        return page.locator("#recompute-heading ~ p[role=status]").textContent();
      },
      { intervals: [1000] },
    )
    .toMatch(/^Last recomputed .+: [\d,]+ ledger entries; [\d,]+ totals corrected\.$/);
  await expectAccessibleAtBothWidths(page, "the levels page after a recompute");
});
