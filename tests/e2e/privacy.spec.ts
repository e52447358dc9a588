import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import { eq, isNull } from "drizzle-orm";
import PgBoss from "pg-boss";
import { forumCategories, forumTopics, users } from "@/db/schema";
import { createTestUser, testDb, TEST_PASSWORD } from "../support/db";
import { testEnv } from "../support/env";
import { expect, expectAccessible, expectAccessibleAtBothWidths, signInAs, test, toast } from "./fixtures";

/** Runs the app's daily erasure now, as its scheduler would: a job on the queue its workers take. */
async function runErasureJob() {
  const boss = new PgBoss({ connectionString: testEnv().databaseUrl, supervise: false, schedule: false });
  await boss.start();
  await boss.send("privacy.erase-accounts", {});
  await boss.stop({ graceful: false, wait: false });
}

test("a member downloads her data, asks for her account to be deleted, and after the grace period her topic reads 'Former member'", async ({
  page,
  browser,
}) => {
  const member = await createTestUser({ firstName: "Philippa", bio: "Weaver of small tapestries" });
  const [open] = await testDb()
    .select({ id: forumCategories.id })
    .from(forumCategories)
    .where(isNull(forumCategories.requiredMembershipLevel))
    .limit(1);
  const slug = `tapestry-notes-${randomUUID().slice(0, 8)}`;
  await testDb().insert(forumTopics).values({
    title: "Notes on small tapestries",
    slug,
    content: "How I warp a small frame loom for tapestry work.",
    categoryId: open!.id,
    userId: member.id,
  });
  await signInAs(page, member.username, TEST_PASSWORD);
  await page.goto("/profile");
  await page
    .getByRole("navigation", { name: "Your account" })
    .getByRole("link", { name: "Your data and your account" })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Your data and your account" })).toBeVisible();
  await expectAccessibleAtBothWidths(page, "/profile/privacy");

  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download my data" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(await readFile((await file.path())!, "utf8"));
  expect(data.account).toMatchObject({
    id: member.id,
    username: member.username,
    firstName: "Philippa",
    bio: "Weaver of small tapestries",
  });

  await page.getByRole("button", { name: "Delete my account" }).click();
  await expect(page.getByText("Please enter your password")).toBeVisible();
  await page.getByLabel("Your password").fill("not-my-password");
  await page.getByRole("button", { name: "Delete my account" }).click();
  await expect(page.getByText("Your password is not right.")).toBeVisible();
  await expectAccessible(page, "deletion form with an error");
  await page.getByLabel("Your password").fill(TEST_PASSWORD);
  await page.getByRole("button", { name: "Delete my account" }).click();
  await expect(toast(page)).toContainText("Account deletion requested");
  await expect(page).toHaveURL(/\/$/);
  await page.goto("/profile/privacy");
  await expect(page).toHaveURL(/\/login\?next=/);

  // Thirty-one days later, the daily job erases her; another member still reads her topic.
  await testDb()
    .update(users)
    .set({ deletionRequestedAt: new Date(Date.now() - 31 * 86_400_000) })
    .where(eq(users.id, member.id));
  await runErasureJob();
  await expect
    .poll(
      async () =>
        (await testDb().select({ erasedAt: users.erasedAt }).from(users).where(eq(users.id, member.id)))[0]?.erasedAt,
      { timeout: 20_000 },
    )
    .not.toBeNull();
  const reader = await browser.newPage();
  const other = await createTestUser();
  await signInAs(reader, other.username, TEST_PASSWORD);
  await reader.goto(`/forum/topic/${slug}`);
  await expect(reader.getByRole("heading", { name: "Notes on small tapestries" })).toBeVisible();
  await expect(reader.getByText("Former member").first()).toBeVisible();
  await expect(reader.getByText("Philippa")).toHaveCount(0);
  await reader.close();
});
