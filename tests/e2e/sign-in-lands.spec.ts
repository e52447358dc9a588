import type { Locator, Page, Request } from "@playwright/test";
import { MEMBERS_HOME } from "@/lib/auth/access";
import { createTestUser, TEST_PASSWORD } from "../support/db";
import { freshTotpCode } from "../support/two-factor";
import { expect, expectAccessible, expectAccessibleAtBothWidths, openAccountMenu, test, toast } from "./fixtures";

// The navbar prefetches a link's page once she points at it (decision 057), and while she is signed out
// the prefetch of a guarded page is the proxy's redirect to /login. After sign-in, sign-out and the two-factor step the
// client's cached routes must be dropped, or the router replays that redirect and she never lands.

/** Whether a request is the router's prefetch of `path` (a request for its React Server Components payload). */
const isPrefetchOf = (path: string) => (request: Request) =>
  new URL(request.url()).pathname === path && request.headers()["rsc"] === "1";

/** Resolves once the router has prefetched `path`. */
function prefetchOf(page: Page, path: string) {
  return page.waitForRequest(isPrefetchOf(path), { timeout: 15_000 });
}

const nav = (page: Page) => page.getByRole("navigation", { name: "Main" });

/**
 * She points at a link of the header once the page's code has run (before, pointing does nothing: the
 * menu button says so), and the router fetches its page ahead; resolves once it has.
 */
async function pointAt(page: Page, link: Locator, path: string) {
  await expect(nav(page).locator('button[aria-label="Open menu"]')).not.toHaveAttribute("aria-disabled", "true");
  const prefetched = prefetchOf(page, path);
  await link.hover();
  await prefetched;
}

async function signInOnTheForm(page: Page, username: string) {
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password").fill(TEST_PASSWORD);
  await page.getByRole("button", { name: "Sign In" }).click();
}

const LANDINGS: Record<string, RegExp> = {
  "/home": /^Your home$/,
  "/forum": /^Community Forum$/,
  "/library": /^Library$/,
  "/members": /^Members$/,
  "/spiritual-profile": /^Spiritual Profile$/,
};

// She was going nowhere in particular: the public home page is for visitors, so she lands on the
// members' home (MEMBERS_HOME).
test("signed out on the home page, she follows Login in the header, signs in and lands on the members' home", async ({
  page,
}) => {
  const member = await createTestUser({ firstName: "Philippa" });
  await page.goto("/");
  await nav(page).getByRole("link", { name: "Login", exact: true }).click();
  await expect(page).toHaveURL("/login");
  await signInOnTheForm(page, member.username);
  await expect(page).toHaveURL(MEMBERS_HOME);
  await expect(page.getByRole("heading", { level: 1, name: LANDINGS[MEMBERS_HOME] })).toBeVisible();
  await expect(toast(page)).toContainText("Welcome back, Philippa!");
  await expectAccessibleAtBothWidths(page, "the members' home after sign-in");
});

test.describe("signed out on the home page, she follows a prefetched link, signs in and lands on it", () => {
  for (const [path, label] of [
    ["/forum", "Forum"],
    ["/library", "Library"],
  ] as const) {
    test(path, async ({ page }) => {
      const member = await createTestUser();
      const requests: Request[] = [];
      page.on("request", (request) => requests.push(request));
      await page.goto("/");
      const link = nav(page).getByRole("link", { name: label, exact: true });
      await pointAt(page, link, path);
      // Only her pointing fetched it: the page's load asked for no page of the header's.
      expect(requests.filter(isPrefetchOf(path))).toHaveLength(1);
      await link.click();
      await expect(page).toHaveURL(`/login?next=${encodeURIComponent(path)}`);
      await signInOnTheForm(page, member.username);
      await expect(page).toHaveURL(path);
      await expect(page.getByRole("heading", { level: 1, name: LANDINGS[path] })).toBeVisible();
      await expect(toast(page)).toContainText("Login successful");
      await expectAccessible(page);
    });
  }
});

test.describe("her session ends in another tab while the navbar has prefetched her pages; she signs in again and lands", () => {
  for (const [path, label] of [
    ["/members", "Members"],
    ["/profile", "My Profile"],
    ["/spiritual-profile", "Spiritual Profile"],
  ] as const) {
    test(path, async ({ page }) => {
      const member = await createTestUser({ firstName: "Ottoline" });
      await page.goto("/login");
      await signInOnTheForm(page, member.username);
      await expect(page).toHaveURL(MEMBERS_HOME);
      // Her own pages are under her picture: shown, their links are prefetched as the bar's are.
      if (path !== "/members") await openAccountMenu(page);
      await pointAt(page, nav(page).getByRole("link", { name: label, exact: true }), path);
      // Signed out elsewhere (another tab of the same browser): this tab's navbar still shows her links.
      const signOut = await page.request.post("/api/auth/logout", { headers: { origin: process.env.TEST_BASE_URL! } });
      expect(signOut.status()).toBe(200);
      await nav(page).getByRole("link", { name: label, exact: true }).click();
      await expect(page).toHaveURL(`/login?next=${encodeURIComponent(path)}`);
      await signInOnTheForm(page, member.username);
      await expect(page).toHaveURL(path);
      await expect(page.getByRole("heading", { level: 1, name: LANDINGS[path] ?? /Ottoline/ })).toBeVisible();
    });
  }
});

test("after sign-out her prefetched pages are gone: Forum asks her to sign in, and the next member lands on it", async ({
  page,
}) => {
  const first = await createTestUser();
  const second = await createTestUser();
  await page.goto("/login");
  await signInOnTheForm(page, first.username);
  await expect(page).toHaveURL(MEMBERS_HOME);
  await page.goto("/");
  await pointAt(page, nav(page).getByRole("link", { name: "Forum", exact: true }), "/forum");
  await (await openAccountMenu(page)).getByRole("button", { name: "Logout" }).click();
  await expect(toast(page)).toContainText("Logout successful");
  await expect(nav(page).getByRole("link", { name: "Login" })).toBeVisible();
  await nav(page).getByRole("link", { name: "Forum", exact: true }).click();
  await expect(page).toHaveURL("/login?next=%2Fforum");
  await signInOnTheForm(page, second.username);
  await expect(page).toHaveURL("/forum");
  await expect(page.getByRole("heading", { level: 1, name: "Community Forum" })).toBeVisible();
});

test.describe("on a slow connection", () => {
  // The navbar registers the service worker, which fetches her page loads itself; Playwright's routes
  // see only what the page fetches, and this test holds the toasts' chunk.
  test.use({ serviceWorkers: "block" });

  test("the toasts' code arrives late after she signs out: the home page says she is signed out, then shows the toast", async ({
    page,
  }) => {
    const member = await createTestUser();
    await page.goto("/login");
    await signInOnTheForm(page, member.username);
    await expect(page).toHaveURL(MEMBERS_HOME);
    await page.goto("/");
    // The toast viewport is its own chunk, loaded with the first toast (components/providers.tsx): on
    // sign-out, the one the page she leaves stores for the home page. Held there, on a slow connection.
    let toastsRequested = false;
    await page.route("**/_next/static/chunks/**", async (route) => {
      const response = await route.fetch();
      const body = await response.text();
      if (body.includes("Dismiss notification")) {
        toastsRequested = true;
        await new Promise((resolve) => setTimeout(resolve, 1500));
      }
      await route.fulfill({ response, body });
    });
    await (await openAccountMenu(page)).getByRole("button", { name: "Logout" }).click();
    await expect(nav(page).getByRole("link", { name: "Login" })).toBeVisible();
    await expect(toast(page)).toContainText("Logout successful");
    expect(toastsRequested).toBe(true);
  });
});

test("an administrator with two-factor sign-in follows a prefetched admin link, signs in with her code and lands", async ({
  page,
}) => {
  const admin = await createTestUser({ isAdmin: true });
  await page.goto("/login");
  await signInOnTheForm(page, admin.username);
  await page.getByLabel("Authentication code").fill(await freshTotpCode(admin.username));
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(MEMBERS_HOME);
  await nav(page).getByRole("button", { name: "Admin" }).click();
  const adminPages = page.getByRole("list", { name: "Admin pages" });
  await pointAt(page, adminPages.getByRole("link", { name: "Applications" }), "/admin/applications");
  // Her session ends (signed out in another tab) with the admin page prefetched.
  await page.request.post("/api/auth/logout", { headers: { origin: process.env.TEST_BASE_URL! } });
  await adminPages.getByRole("link", { name: "Applications" }).click();
  await expect(page).toHaveURL("/login?next=%2Fadmin%2Fapplications");
  await signInOnTheForm(page, admin.username);
  await page.getByLabel("Authentication code").fill(await freshTotpCode(admin.username));
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL("/admin/applications");
  await expect(page.getByRole("heading", { level: 1, name: "Membership Applications" })).toBeVisible();
});

test("an administrator who sets up two-factor sign-in from a prefetched admin link lands on the admin page", async ({
  page,
}) => {
  const admin = await createTestUser({ isAdmin: true, twoFactor: false });
  await page.goto("/login");
  await signInOnTheForm(page, admin.username);
  await expect(page).toHaveURL(MEMBERS_HOME);
  await nav(page).getByRole("button", { name: "Admin" }).click();
  const adminPages = page.getByRole("list", { name: "Admin pages" });
  await pointAt(page, adminPages.getByRole("link", { name: "Audit Log" }), "/admin/audit");
  await pointAt(page, adminPages.getByRole("link", { name: "Applications" }), "/admin/applications");
  await adminPages.getByRole("link", { name: "Applications" }).click();
  await expect(page).toHaveURL("/profile/security?next=%2Fadmin%2Fapplications");
  await page.getByRole("button", { name: "Set up two-factor sign-in" }).click();
  const secret = (await page.getByTestId("totp-secret").textContent())!.trim();
  await page.getByLabel("Code from your app").fill(await freshTotpCode(admin.username, secret));
  await page.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL("/admin/applications");
  await expect(page.getByRole("heading", { level: 1, name: "Membership Applications" })).toBeVisible();
  // An admin page prefetched while she had no second factor opens too.
  await nav(page).getByRole("button", { name: "Admin" }).click();
  await page.getByRole("list", { name: "Admin pages" }).getByRole("link", { name: "Audit Log" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Audit Log" })).toBeVisible();
});

// `/login?next=%2F%09%2Fevil.example%2Fx` passed the check, and the browser, which drops
// tabs and line breaks from URLs, went to http://evil.example/x after sign-in. She follows such a link
// (from an email, say), signs in, and stays on this site: on the members' home, as without a next.
test.describe("a sign-in link whose next would lead off the site lands her on the members' home", () => {
  for (const [name, next] of [
    ["a tab", "%2F%09%2Fevil.example%2Fx"],
    ["a line feed", "%2F%0A%2Fevil.example%2Fx"],
    ["a carriage return", "%2F%0D%2Fevil.example%2Fx"],
    ["a backslash", "%2F%5Cevil.example%2Fx"],
    ["dot segments", "%2F..%2F%2Fevil.example%2Fx"],
    ["double encoding", "%252F%2509%252Fevil.example%252Fx"],
  ] as const) {
    test(name, async ({ page }) => {
      const member = await createTestUser();
      const offSite: string[] = [];
      page.on("request", (request) => {
        if (new URL(request.url()).hostname.includes("evil")) offSite.push(request.url());
      });
      await page.goto(`/login?next=${next}`);
      await signInOnTheForm(page, member.username);
      await expect(toast(page)).toContainText("Login successful");
      await page.waitForLoadState("networkidle");
      expect(new URL(page.url()).origin).toBe(new URL(process.env.TEST_BASE_URL!).origin);
      await expect(page).toHaveURL(MEMBERS_HOME);
      expect(offSite).toEqual([]);
    });
  }

  test("while a next on this site is followed", async ({ page }) => {
    const member = await createTestUser();
    await page.goto(`/login?next=${encodeURIComponent("/forum?sort=new")}`);
    await signInOnTheForm(page, member.username);
    await expect(page).toHaveURL("/forum?sort=new");
  });
});
