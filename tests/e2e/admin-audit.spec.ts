import { readFile } from "node:fs/promises";
import { createTestUser, TEST_PASSWORD } from "../support/db";
import { expect, expectAccessibleAtBothWidths, signInAs, test, toast } from "./fixtures";

test("the audit log shows an admin's change to a member, links to her and exports it", async ({ page }) => {
  const admin = await createTestUser({ isAdmin: true, firstName: "Auditrix" });
  const member = await createTestUser({ firstName: "Leocadia", membershipLevel: "connect" });
  await signInAs(page, admin.username, TEST_PASSWORD);

  await page.goto(`/admin/members/${member.id}`);
  await page.getByLabel("Tier", { exact: true }).selectOption("create");
  await page.getByRole("button", { name: "Change tier" }).click();
  await expect(toast(page)).toContainText("Member updated");

  await page.getByRole("link", { name: "Audit log", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/audit\\?entityType=user&entityId=${member.id}$`));
  const table = page.getByRole("table", { name: "Admin actions, newest first" });
  await expect(table.getByRole("row")).toHaveCount(2);
  await expect(table).toContainText("member.tier_changed");
  // jsonb keeps its keys shortest first.
  await expect(table).toContainText("to: create, from: connect");
  await expect(table.getByRole("link", { name: `Auditrix ${admin.lastName}` })).toBeVisible();
  await expectAccessibleAtBothWidths(page, "/admin/audit");

  // Filtering by another action leaves nothing; by this one and her as actor finds the entry again.
  await page.getByLabel("Action (or its start)").fill("member.disabled");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(table).toContainText("No entries match.");
  await page.getByLabel("Action (or its start)").fill("member.");
  await page.getByLabel("Actor (username, email or id)").fill(admin.username);
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(table.getByRole("row")).toHaveCount(2);

  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export to CSV" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = (await readFile((await file.path())!, "utf8")).trim().split("\r\n");
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(`,${admin.id},${admin.username},member.tier_changed,user,${member.id},`);

  await table.getByRole("link", { name: `user ${member.id}` }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Leocadia ${member.lastName}` })).toBeVisible();
});
