import { createTestUser, TEST_PASSWORD } from "../support/db";
import { expect, expectAccessibleAtBothWidths, openFromAdminMenu, signInAs, test } from "./fixtures";

// The admin's list of calls Stripe refused (docs/decisions/027-membership-money-in-one-module.md): reached
// from the Admin menu, each row naming the call, the member, Stripe's words and the request id. The demo
// data's two refusals are on it.
test("an admin opens Stripe Refusals from the Admin menu and finds the call, the member, Stripe's words and the request id", async ({
  page,
}) => {
  const admin = await createTestUser({ isAdmin: true });
  await signInAs(page, admin.username, TEST_PASSWORD);
  await page.goto("/");
  await openFromAdminMenu(page, "Stripe Refusals");
  await expect(page.getByRole("heading", { level: 1, name: "Stripe Refusals" })).toBeVisible();
  const table = page.getByRole("table", { name: "Calls Stripe refused, newest first" });
  const declined = table.getByRole("row").filter({ hasText: "req_demo_upgrade_declined" });
  await expect(declined).toContainText("POST /v1/subscriptions/sub_demo_jordan");
  await expect(declined).toContainText("Your card has insufficient funds.");
  await expect(declined).toContainText("insufficient_funds");
  await expect(declined.getByRole("link", { name: "Jordan Lee" })).toHaveAttribute("href", /^\/admin\/members\/\d+$/);
  await expectAccessibleAtBothWidths(page, "Stripe Refusals");
});
