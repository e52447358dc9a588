import { randomUUID } from "node:crypto";
import { createTestUser, TEST_PASSWORD } from "../support/db";
import { expect, expectAccessibleAtBothWidths, test } from "./fixtures";

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
  for (const section of ["New in the forum", "New in the library", "Coming up", "New members this week"])
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
