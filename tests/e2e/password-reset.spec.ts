import { createTestUser, latestEmailTo, linkIn } from "../support/db";
import { expect, expectAccessible, signInWithForm, test, toast } from "./fixtures";

test("a member resets a forgotten password with the emailed link", async ({ page }) => {
  const user = await createTestUser({ firstName: "Noor" });
  await page.goto("/login");
  await page.getByRole("link", { name: "Forgot your password?" }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expectAccessible(page);

  await page.getByLabel("Email").fill("not-an-email");
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByText("Please enter a valid email address")).toBeVisible();

  await page.getByLabel("Email").fill(user.email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByRole("status")).toContainText("we have sent it a link");

  const email = await latestEmailTo(user.email);
  expect(email?.subject).toMatch(/Reset your .* password/);
  const link = new URL(linkIn(email!.text, "/reset-password/"));
  await page.goto(link.pathname);
  await expectAccessible(page, "reset form");
  await page.getByLabel("New password", { exact: true }).fill("my-new-password-1");
  await page.getByLabel("Confirm new password").fill("my-new-password-2");
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page.getByText("Passwords do not match")).toBeVisible();
  await page.getByLabel("Confirm new password").fill("my-new-password-1");
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(toast(page)).toContainText("Password changed");
  await expect(page).toHaveURL(/\/login$/);

  await signInWithForm(page, user.username, "my-new-password-1");
  await expect(toast(page)).toContainText("Welcome back, Noor!");

  await page.goto(link.pathname);
  await expect(page.getByText("This password reset link has expired or has already been used.")).toBeVisible();
  await expectAccessible(page, "spent reset link");
});
