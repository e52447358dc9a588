import { readFile } from "node:fs/promises";
import { createTestUser, TEST_PASSWORD } from "../support/db";
import { expect, expectAccessible, expectAccessibleAtBothWidths, signInAs, test, toast } from "./fixtures";

test("a member downloads her data, then asks for her account to be deleted and is signed out", async ({ page }) => {
  const member = await createTestUser({ firstName: "Philippa", bio: "Weaver of small tapestries" });
  await signInAs(page, member.username, TEST_PASSWORD);
  await page.goto("/profile");
  await page.getByRole("navigation", { name: "Your account" }).getByRole("link", { name: "Your data and your account" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Your data and your account" })).toBeVisible();
  await expectAccessibleAtBothWidths(page, "/profile/privacy");

  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download my data" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(await readFile((await file.path())!, "utf8"));
  expect(data.account).toMatchObject({ id: member.id, username: member.username, firstName: "Philippa", bio: "Weaver of small tapestries" });

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
});
