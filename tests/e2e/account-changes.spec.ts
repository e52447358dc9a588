import { randomUUID } from "node:crypto";
import { createTestUser, latestEmailTo, linkIn, TEST_PASSWORD } from "../support/db";
import { expect, expectAccessibleAtBothWidths, openAccountMenu, signInAs, test, toast } from "./fixtures";
import { expectFocusOn } from "./focus";

// A member changes her password and her email address from her profile's Security page, and confirms
// the new address from the link emailed to it (docs/decisions/051-account-changes.md).

test("she changes her password and her email address from her profile, and confirms the address from its email", async ({
  page,
}) => {
  const her = await createTestUser({ firstName: "Odile" });
  await signInAs(page, her.username, TEST_PASSWORD);
  await page.goto("/home");
  await (await openAccountMenu(page)).getByRole("link", { name: "My Profile" }).click();
  await page
    .getByRole("navigation", { name: "Your account" })
    .getByRole("link", { name: "Security: password, email and sessions" })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Security" })).toBeVisible();

  const password = page.getByRole("region", { name: "Password" });
  await password.getByLabel("Current password").fill("not-my-password");
  await password.getByLabel("New password", { exact: true }).fill("a-new-long-password");
  await password.getByLabel("Confirm new password").fill("a-new-long-password");
  await password.getByRole("button", { name: "Change Password" }).click();
  await expect(password.getByText("Your current password is not right.")).toBeVisible();
  await expectFocusOn(page, password.getByLabel("Current password"), "a refused password");
  await password.getByLabel("Current password").fill(TEST_PASSWORD);
  await password.getByRole("button", { name: "Change Password" }).click();
  await expect(toast(page)).toContainText("Your password has been changed.");
  await expectFocusOn(page, password.getByRole("button", { name: "Change Password" }), "changing her password");
  await expect(password.getByLabel("Current password")).toHaveValue("");

  const email = page.getByRole("region", { name: "Email address" });
  const newEmail = `odile-${randomUUID().slice(0, 8)}@example.com`;
  await email.getByLabel("New email address").fill(newEmail);
  await email.getByLabel("Current password").fill("a-new-long-password");
  await email.getByRole("button", { name: "Send Confirmation Link" }).click();
  await expect(email.getByRole("status")).toHaveText(
    `We have sent a link to ${newEmail}. Open it to confirm your new address; until then we keep writing to ${her.email}.`,
  );
  await expectFocusOn(page, email.getByRole("button", { name: "Send Confirmation Link" }), "asking for a new address");
  await expectAccessibleAtBothWidths(page, "the Security page");

  // She opens the link in the email sent to the new address.
  await expect.poll(async () => (await latestEmailTo(newEmail))?.kind).toBe("email-change-confirm");
  await page.goto(new URL(linkIn((await latestEmailTo(newEmail))!.text, "/confirm-email/")).pathname);
  await expect(page.getByRole("heading", { name: "Confirm your new email address" })).toBeVisible();
  await expectAccessibleAtBothWidths(page, "the confirm-email page");
  await page.getByRole("button", { name: "Confirm New Address" }).click();
  const done = page.getByRole("status").filter({ hasText: "Your email address is now" });
  await expect(done).toHaveText(`Your email address is now ${newEmail}.`);
  await expectFocusOn(page, done, "confirming the address");
  await page.getByRole("link", { name: "Go to your Security page" }).click();
  await expect(page.getByRole("region", { name: "Email address" })).toContainText(`Your email address is ${newEmail}.`);
});
