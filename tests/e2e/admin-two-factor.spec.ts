import { createTestUser, TEST_PASSWORD } from "../support/db";
import { freshTotpCode } from "../support/two-factor";
import { expect, expectAccessible, signInAs, signInWithForm, test, toast } from "./fixtures";

test("an admin sets up two-factor before the admin pages, signs in with a recovery code, and wrong codes are rate-limited", async ({
  page,
}) => {
  const admin = await createTestUser({ isAdmin: true, twoFactor: false });
  await signInAs(page, admin.username, TEST_PASSWORD);
  await page.goto("/admin/audit");
  await expect(page).toHaveURL(/\/profile\/security\?next=%2Fadmin%2Faudit$/);
  await page.getByRole("button", { name: "Set up two-factor sign-in" }).click();
  const secret = (await page.getByTestId("totp-secret").textContent())!.trim();
  await page.getByLabel("Code from your app").fill(await freshTotpCode(admin.username, secret));
  await page.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
  const recoveryCodes = page.getByRole("list", { name: "Recovery codes" }).getByRole("listitem");
  await expect(recoveryCodes).toHaveCount(10);
  const codes = await recoveryCodes.allTextContents();
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/admin\/audit$/);
  await expect(page.getByRole("heading", { level: 1, name: "Audit Log" })).toBeVisible();

  // A recovery code signs her in once.
  await page.context().clearCookies();
  await signInWithForm(page, admin.username, TEST_PASSWORD);
  await page.getByLabel("Authentication code").fill(codes[0]!);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(toast(page)).toContainText("Login successful");

  // Wrong codes: refused one by one, then the account's code checks are blocked, even for a right code.
  await page.context().clearCookies();
  await signInWithForm(page, admin.username, TEST_PASSWORD);
  await expect(page.getByLabel("Authentication code")).toBeVisible();
  const statuses: number[] = [];
  for (let attempt = 0; attempt < 6 && !statuses.includes(429); attempt++) {
    await page.getByLabel("Authentication code").fill("000000");
    const answer = page.waitForResponse((r) => r.url().endsWith("/api/auth/login"));
    await page.getByRole("button", { name: "Sign In" }).click();
    statuses.push((await answer).status());
  }
  expect(statuses.at(-1)).toBe(429);
  expect(statuses.slice(0, -1).every((status) => status === 401)).toBe(true);
  await expect(page.getByText("Too many wrong codes. Please wait a few minutes and try again.").first()).toBeVisible();
  await expectAccessible(page, "sign-in with too many wrong codes");
  await page.getByLabel("Authentication code").fill(codes[1]!);
  const blocked = page.waitForResponse((r) => r.url().endsWith("/api/auth/login"));
  await page.getByRole("button", { name: "Sign In" }).click();
  expect((await blocked).status()).toBe(429);
});

test("an admin disables a member: her open session ends at once, and the audit log shows it", async ({
  page,
  browser,
}) => {
  const admin = await createTestUser({ isAdmin: true });
  const member = await createTestUser({ firstName: "Rosalind" });
  const hers = await browser.newPage();
  await signInAs(hers, member.username, TEST_PASSWORD);
  await hers.goto("/profile");
  await expect(hers).toHaveURL(/\/profile$/);

  await signInAs(page, admin.username, TEST_PASSWORD);
  await page.goto(`/admin/members/${member.id}`);
  // Asked first: Cancel leaves her account as it was.
  await page.getByRole("button", { name: "Disable account" }).click();
  const confirm = page.getByRole("dialog", { name: `Disable Rosalind ${member.lastName}’s account?` });
  await expect(confirm).toContainText("She is signed out everywhere at once");
  await expectAccessible(page, "the Disable confirmation");
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toBeHidden();
  await hers.reload();
  await expect(hers).toHaveURL(/\/profile$/);
  await page.getByRole("button", { name: "Disable account" }).click();
  await confirm.getByRole("button", { name: "Disable account" }).click();
  await expect(toast(page)).toContainText("Member updated");
  await expect(page.getByRole("button", { name: "Enable account" })).toBeVisible();

  await hers.goto("/profile");
  await expect(hers).toHaveURL(/\/login\?next=%2Fprofile$/);
  await hers.close();

  await page.getByRole("link", { name: "Audit log", exact: true }).click();
  const table = page.getByRole("table", { name: "Admin actions, newest first" });
  await expect(table).toContainText("member.disabled");
});
