import { MEMBERS_HOME } from "@/lib/auth/access";
import { createTestUser, TEST_PASSWORD } from "../support/db";
import { expect, expectAccessible, openAccountMenu, signInWithForm, test, toast } from "./fixtures";

test.describe("sign in and sign out", () => {
  test("the login page has the form, the Apply Now link and the benefits panel", async ({ page }) => {
    await page.goto("/login");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByLabel("Username")).toBeVisible();
    await expect(page.getByLabel("Password")).toBeVisible();
    await expect(page.getByRole("link", { name: "Apply Now" })).toHaveAttribute("href", "/apply");
    await expect(page.getByRole("heading", { name: "Member benefits" })).toBeVisible();
    await expectAccessible(page);
  });

  test("both fields are required", async ({ page }) => {
    await page.goto("/login");
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page.getByText("Please enter your username")).toBeVisible();
    await expect(page.getByText("Please enter your password")).toBeVisible();
    await expect(page.getByLabel("Username")).toHaveAttribute("aria-invalid", "true");
    await expectAccessible(page, "login with errors");
  });

  test("a member signs in, sees the member navigation, and signs out", async ({ page }) => {
    const user = await createTestUser({ firstName: "Rosa" });
    await signInWithForm(page, user.username, TEST_PASSWORD);
    await expect(toast(page)).toContainText("Login successful");
    await expect(toast(page)).toContainText("Welcome back, Rosa!");
    await expect(page).toHaveURL(MEMBERS_HOME);
    const nav = page.getByRole("navigation", { name: "Main" });
    for (const item of ["AI Chat", "Members"]) await expect(nav.getByRole("link", { name: item })).toBeVisible();
    const account = await openAccountMenu(page);
    for (const item of ["My Profile", "Spiritual Profile"])
      await expect(account.getByRole("link", { name: item })).toBeVisible();
    for (const hidden of ["About", "Membership", "FAQ", "Login"])
      await expect(nav.getByRole("link", { name: hidden, exact: true })).toHaveCount(0);

    await account.getByRole("button", { name: "Logout" }).click();
    await expect(toast(page)).toContainText("Logout successful");
    await expect(toast(page)).toContainText("You have been logged out successfully");
    await expect(nav.getByRole("link", { name: "Login" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "AI Chat" })).toHaveCount(0);
  });

  test("shows 'Signing in...' while working", async ({ page }) => {
    const user = await createTestUser();
    // The sign-in call is held until the button has been seen working.
    let release = () => {};
    const seen = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/auth/login", async (route) => {
      await seen;
      await route.continue();
    });
    await page.goto("/login");
    await page.getByLabel("Username").fill(user.username);
    await page.getByLabel("Password").fill(TEST_PASSWORD);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page.getByRole("button", { name: "Signing in..." })).toBeDisabled();
    release();
    await expect(toast(page)).toContainText("Login successful");
  });

  test("a wrong password shows the destructive 'Login failed' toast with the server's message, and focus goes to the username with the message linked", async ({
    page,
  }) => {
    const user = await createTestUser();
    await page.goto("/login");
    await page.getByLabel("Username").fill(user.username);
    await page.getByLabel("Password").fill("not-the-password");
    // From the keyboard: the fields are disabled while she waits, so focus must be put back (WCAG 2.4.3).
    await page.getByLabel("Password").press("Enter");
    await expect(toast(page)).toContainText("Login failed");
    await expect(toast(page)).toContainText("Invalid username or password");
    await expect(toast(page)).toHaveAttribute("data-variant", "destructive");
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByLabel("Username")).toBeFocused();
    const focused = await page.evaluate(() => {
      const active = document.activeElement as HTMLInputElement;
      const described = (active.getAttribute("aria-describedby") ?? "")
        .split(" ")
        .map((id) => document.getElementById(id)?.textContent);
      return { id: active.id, invalid: active.getAttribute("aria-invalid"), described };
    });
    expect(focused).toEqual({ id: "username", invalid: "true", described: ["Invalid username or password"] });
    await expectAccessible(page, "login after a failed sign-in");
  });

  test("repeated failures are rate-limited and say so", async ({ page }) => {
    const user = await createTestUser();
    for (let i = 0; i < 5; i++) {
      await signInWithForm(page, user.username, `wrong-${i}`);
      await expect(toast(page)).toContainText("Invalid username or password");
    }
    await signInWithForm(page, user.username, TEST_PASSWORD);
    await expect(toast(page)).toContainText("Too many failed sign-in attempts");
  });

  test("after signing in the member returns to the page she was sent from", async ({ page }) => {
    const user = await createTestUser();
    await page.goto("/admin/outbox");
    await expect(page).toHaveURL(/\/login\?next=%2Fadmin%2Foutbox/);
    await page.getByLabel("Username").fill(user.username);
    await page.getByLabel("Password").fill(TEST_PASSWORD);
    await page.getByRole("button", { name: "Sign In" }).click();
    // A member is not an admin, so the guard sends her home.
    await expect(page).toHaveURL(/\/$/);
  });

  test("a signed-in user who opens /login goes home", async ({ page }) => {
    const user = await createTestUser();
    await signInWithForm(page, user.username, TEST_PASSWORD);
    await expect(toast(page)).toContainText("Login successful");
    await page.goto("/login");
    await expect(page).toHaveURL(/\/$/);
  });
});
