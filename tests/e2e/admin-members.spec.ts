import { createTestUser, TEST_PASSWORD } from "../support/db";
import { freshTotpCode } from "../support/two-factor";
import {
  expect,
  expectAccessible,
  expectAccessibleAtBothWidths,
  signInAs,
  signInWithForm,
  test,
  toast,
} from "./fixtures";

test("an admin finds a member, changes her tier and grants manage_content, and the Create Content screen opens for her", async ({
  page,
  browser,
}) => {
  const admin = await createTestUser({ isAdmin: true });
  const member = await createTestUser({ firstName: "Marisol", membershipLevel: "connect" });
  await signInAs(page, admin.username, TEST_PASSWORD);

  await page.goto("/admin/members");
  await page.getByLabel("Name, username or email").fill(member.email);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page.getByRole("table")).toContainText(member.username);
  await expectAccessibleAtBothWidths(page, "/admin/members");

  await page.getByRole("link", { name: `Marisol ${member.lastName}` }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Marisol ${member.lastName}` })).toBeVisible();
  await expectAccessibleAtBothWidths(page, "member admin view");
  await page.getByLabel("Tier", { exact: true }).selectOption("play");
  await page.getByRole("button", { name: "Change tier" }).click();
  await expect(toast(page)).toContainText("Member updated");
  await expect(page.getByRole("definition").filter({ hasText: "Play" })).toBeVisible();
  await page.getByLabel(/Manage content/).click();
  await expect(page.getByLabel(/Manage content/)).toBeChecked();

  const hers = await browser.newPage();
  await signInAs(hers, member.username, TEST_PASSWORD);
  const response = await hers.goto("/admin/content/create");
  expect(new URL(hers.url()).pathname).toBe("/admin/content/create");
  expect(response?.status()).toBe(200);
  await hers.close();
});

test("a member sets up two-factor sign-in, then signs in with a code", async ({ page }) => {
  const member = await createTestUser();
  await signInAs(page, member.username, TEST_PASSWORD);
  await page.goto("/profile/security");
  await expect(page.getByRole("table", { name: "Your active sessions" })).toContainText("this device");
  // Named as a person would: the browser and its system, not the raw User-Agent.
  await expect(page.getByRole("table", { name: "Your active sessions" })).toContainText(
    /Chrome on (Windows|Linux|macOS)/,
  );
  await expect(page.getByRole("table", { name: "Your active sessions" })).not.toContainText("Mozilla/5.0");
  await expectAccessibleAtBothWidths(page, "/profile/security");
  await page.getByRole("button", { name: "Set up two-factor sign-in" }).click();
  await expect(page.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
  await expectAccessible(page, "two-factor setup");
  const secret = (await page.getByTestId("totp-secret").textContent())!.trim();
  await page.getByLabel("Code from your app").fill(await freshTotpCode(member.username, secret));
  await page.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
  await expect(page.getByRole("list", { name: "Recovery codes" }).getByRole("listitem")).toHaveCount(10);

  await page.context().clearCookies();
  await signInWithForm(page, member.username, TEST_PASSWORD);
  await expect(page.getByLabel("Authentication code")).toBeVisible();
  await expectAccessible(page, "sign-in asking for the code");
  await page.getByLabel("Authentication code").fill(await freshTotpCode(member.username, secret));
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(toast(page)).toContainText("Login successful");
});

test("an admin without two-factor is sent to set it up before the admin pages", async ({ page }) => {
  const admin = await createTestUser({ isAdmin: true, twoFactor: false });
  await signInAs(page, admin.username, TEST_PASSWORD);
  await page.goto("/admin/members");
  await expect(page).toHaveURL(/\/profile\/security\?next=%2Fadmin%2Fmembers$/);
  await expect(page.getByText("Set it up to use the admin tools.")).toBeVisible();
});
