import { DEMO_PASSWORD } from "@/db/seed/demo-users";
import { createTestUser, TEST_PASSWORD } from "../support/db";
import { expect, expectAccessible, openAccountMenu, signInAs, test } from "./fixtures";

const ADMIN_MENU = [
  "Members",
  "Applications",
  "Payment Transactions",
  "Stripe Refusals",
  "Affiliates",
  "Forum",
  "Reported Messages",
  "Announcements",
  "Blog",
  "Content",
  "Library",
  "Courses",
  "Audit Log",
];

test.describe("route guard", () => {
  test("a visitor is sent to /login from member and admin pages", async ({ page }) => {
    for (const path of ["/profile", "/forum", "/spiritual-profile", "/admin/applications"]) {
      await page.goto(path);
      await expect(page).toHaveURL(new RegExp(`/login\\?next=${encodeURIComponent(path)}$`));
    }
  });

  test("a member is sent home from admin pages", async ({ page }) => {
    const member = await createTestUser();
    await signInAs(page, member.username, TEST_PASSWORD);
    await page.goto("/admin/applications");
    await expect(page).toHaveURL(/\/$/);
  });

  test("an admin reaches the admin panel and the outbox", async ({ page }) => {
    const admin = await createTestUser({ isAdmin: true });
    await signInAs(page, admin.username, TEST_PASSWORD);
    await page.goto("/admin");
    await expect(page.getByRole("heading", { name: "Admin Panel" })).toBeVisible();
    await expectAccessible(page);
    await page
      .getByRole("link", { name: /Email Outbox/ })
      .first()
      .click();
    await expect(page.getByRole("heading", { name: "Email Outbox" })).toBeVisible();
    await expectAccessible(page);
  });
});

test.describe("navbar per role", () => {
  test("a visitor sees the public items, Login and Join Now", async ({ page }) => {
    const authChecks: string[] = [];
    page.on("request", (request) => request.url().includes("/api/auth/me") && authChecks.push(request.url()));
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    for (const item of [
      "Home",
      "About",
      "Membership",
      "Events",
      "Community",
      "Forum",
      "Library",
      "Blog",
      "Apply",
      "FAQ",
      "Login",
    ]) {
      await expect(nav.getByRole("link", { name: item, exact: true })).toBeVisible();
    }
    await expect(nav.getByRole("link", { name: "Join Now" })).toHaveAttribute("href", "/apply");
    await expect(nav.getByRole("button", { name: "Admin" })).toHaveCount(0);
    await expectAccessible(page);
    // A visitor has no signed-in hint cookie, so the page never asks who is signed in.
    expect(authChecks).toEqual([]);
  });

  test("the section menus list the spec's anchors", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "About sections" }).click();
    const about = page.getByRole("list", { name: "About sections" });
    for (const anchor of ["Who We Are", "Principles", "Leadership", "Empowered Team"])
      await expect(about.getByRole("link", { name: anchor })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(about).toBeHidden();
    await expect(page.getByRole("button", { name: "About sections" })).toBeFocused();
    await page.getByRole("button", { name: "Events sections" }).click();
    const events = page.getByRole("list", { name: "Events sections" });
    for (const anchor of ["Calendar", "Upcoming", "Past"])
      await expect(events.getByRole("link", { name: anchor })).toBeVisible();
    await events.getByRole("link", { name: "Calendar" }).click();
    await expect(page).toHaveURL(/\/events#calendar$/);
    await expect(events).toBeHidden();
  });

  test("an admin also has the Admin menu with every admin page", async ({ page }) => {
    const admin = await createTestUser({ isAdmin: true });
    await signInAs(page, admin.username, TEST_PASSWORD);
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link", { name: "AI Chat" })).toBeVisible();
    await nav.getByRole("button", { name: "Admin" }).click();
    await expect(page.getByRole("list", { name: "Admin pages" }).getByRole("link")).toHaveText(ADMIN_MENU);
    await expectAccessible(page, "admin menu open");
  });

  test("an admin's bar keeps every item on one line at 1024 and 1280 px, and its markup is valid", async ({ page }) => {
    const admin = await createTestUser({ isAdmin: true, firstName: "Guinevere", lastName: "Montgomery-Okonkwo" });
    await signInAs(page, admin.username, TEST_PASSWORD);
    const nav = page.getByRole("navigation", { name: "Main" });
    for (const width of [1024, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto("/forum");
      await expect(page.getByTestId("notification-bell")).toBeVisible();
      const items = await nav.locator("a:visible, button:visible").evaluateAll((elements) =>
        elements.map((element) => ({
          name: element.textContent?.trim() || element.getAttribute("aria-label"),
          height: element.getBoundingClientRect().height,
        })),
      );
      expect(items.length, `items at ${width} px`).toBeGreaterThan(2);
      // One line of the bar's text is at most 40 px tall with its padding; a wrapped label is two.
      for (const item of items) expect(item.height, `${item.name} at ${width} px`).toBeLessThanOrEqual(40);
      expect(await nav.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    }
    // Valid markup: no block (a menu's div or list) inside a span; aria-controls names only what exists.
    expect(await page.locator("header span div, header span ul").count()).toBe(0);
    const dangling = await page.evaluate(() =>
      [...document.querySelectorAll("[aria-controls]")]
        .map((element) => element.getAttribute("aria-controls")!)
        .filter((id) => document.getElementById(id) === null),
    );
    expect(dangling).toEqual([]);
  });

  test("Forum is marked active on every /forum page", async ({ page }) => {
    const member = await createTestUser();
    await signInAs(page, member.username, TEST_PASSWORD);
    await page.goto("/forum/topic/welcome-start-here");
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link", { name: "Forum" })).toHaveAttribute("aria-current", "page");
    await expect(nav.getByRole("link", { name: "Home" })).not.toHaveAttribute("aria-current", "page");
  });

  test("the bar turns more opaque after 50 px of scroll", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 400 });
    await page.goto("/login");
    const header = page.locator("header").first();
    await expect(header).toHaveAttribute("data-scrolled", "false");
    await page.mouse.wheel(0, 40);
    // Once the page is at 40 px and a frame has been drawn since, its scroll events have been handled.
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(40);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    await expect(header).toHaveAttribute("data-scrolled", "false");
    await page.mouse.wheel(0, 60);
    await expect(header).toHaveAttribute("data-scrolled", "true");
  });

  test("on a phone the menu folds into a toggle that closes when a link is chosen", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto("/");
    const toggle = page.getByRole("button", { name: "Open menu" });
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    // aria-controls never names an element that is not in the page.
    const controlsExisting = () =>
      page.evaluate(() =>
        [...document.querySelectorAll("[aria-controls]")].every(
          (el) => document.getElementById(el.getAttribute("aria-controls")!) !== null,
        ),
      );
    expect(await controlsExisting()).toBe(true);
    await toggle.click();
    await expect(page.getByRole("button", { name: "Close menu" })).toHaveAttribute("aria-expanded", "true");
    await expect(page.getByRole("button", { name: "Close menu" })).toHaveAttribute("aria-controls", "mobile-menu");
    expect(await controlsExisting()).toBe(true);
    await expectAccessible(page, "mobile menu open");
    await page.locator("#mobile-menu").getByRole("link", { name: "Login" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.locator("#mobile-menu")).toHaveCount(0);
    expect(await controlsExisting()).toBe(true);
    await expect(page.getByRole("button", { name: "Open menu" })).toBeVisible();
  });
});

test.describe("the demo logins printed at start", () => {
  test("admin sees the Admin menu", async ({ page }) => {
    await signInAs(page, "admin", DEMO_PASSWORD);
    await page.goto("/");
    await page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Admin" }).click();
    await expect(page.getByRole("list", { name: "Admin pages" }).getByRole("link")).toHaveText(ADMIN_MENU);
  });

  test("member sees AI Chat, Messages with her unread one, and Spiritual Profile, My Profile and Logout under her picture; no Admin menu", async ({
    page,
  }) => {
    await signInAs(page, "member", DEMO_PASSWORD);
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link", { name: "AI Chat" })).toBeVisible();
    await expect(nav.getByRole("link", { name: /^Messages/ })).toBeVisible();
    const account = await openAccountMenu(page);
    for (const item of ["My Profile", "Spiritual Profile"])
      await expect(account.getByRole("link", { name: item })).toBeVisible();
    await expect(account.getByRole("button", { name: "Logout" })).toBeVisible();
    await expect(nav.getByRole("button", { name: "Admin" })).toHaveCount(0);
  });
});

test("an unknown path shows the not-found page", async ({ page }) => {
  const response = await page.goto("/this-page-does-not-exist");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
  await expect(page.getByText("Did you forget to add the page to the router?")).toBeVisible();
  await expectAccessible(page);
});
