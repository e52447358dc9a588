import axe from "axe-core";
import { test as base, expect, type Page } from "@playwright/test";
import { FAKE_LUMA_IMAGE_ORIGIN } from "../fakes/luma";
import { routeOriginToFake } from "./route-to-fake";
import { randomIp } from "../support/http";
import { asksForCode, freshTotpCode } from "../support/two-factor";

/** WCAG 2.2 AA, as the standards ask; axe's rule tags for every level up to it. */
const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

declare global {
  interface Window {
    axe: typeof axe;
  }
}

/**
 * Runs axe-core in the page as it stands and fails on any violation. axe is put into each frame once
 * per document (a second look at the same page, at another width, finds it there), every frame may
 * answer the top one (cross-origin embeds included), and only the violations leave the browser.
 * @axe-core/playwright did the same in three times the time: it evaluated axe's 560 kB source twice
 * per look and, outside its legacy mode, gathered the results in a new blank page each time
 * (docs/decisions/058-axe-in-the-page.md).
 */
export async function expectAccessible(page: Page, context = page.url()): Promise<void> {
  // A page reached by a client-side navigation gets its title when its metadata has streamed in, after
  // its content: axe looks at the page once it has one (a page without a title fails here).
  await expect(page, `a title on ${context}`).toHaveTitle(/\S/);
  for (const frame of page.frames()) {
    // A frame that is gone or not yet loaded is reported by axe's own frame-tested rule.
    const present = await frame.evaluate(() => typeof window.axe === "object").catch(() => true);
    if (present) continue;
    await frame
      .evaluate(axe.source)
      .then(() => frame.evaluate(() => window.axe.configure({ allowedOrigins: ["<unsafe_all_origins>"] })))
      .catch(() => undefined);
  }
  const problems = await page.evaluate(async (tags) => {
    const results = await window.axe.run(document, { runOnly: { type: "tag", values: tags } });
    return results.violations.map(
      (v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(" ")).join("\n  ")}`,
    );
  }, WCAG_TAGS);
  expect(problems, `accessibility violations on ${context}`).toEqual([]);
}

/**
 * axe at 320 px (the narrowest phone WCAG reflow names) and on a desktop, leaving the page at desktop width.
 * Each look starts at the top of the page: axe counts a target partly under the sticky header as too small,
 * which says where the last click left the page scrolled (a link far down a long list, then a navigation
 * that keeps the layout), not how the page is laid out. Focus is kept clear of the header by
 * globals.css's scroll-padding-top.
 */
export async function expectAccessibleAtBothWidths(page: Page, context: string): Promise<void> {
  for (const [width, where] of [
    [320, "at 320 px"],
    [1280, "on desktop"],
  ] as const) {
    await page.setViewportSize({ width, height: 800 });
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" }));
    await expectAccessible(page, `${context} ${where}`);
  }
}

// Browsers log failed requests (a 401 from /api/auth/me when signed out, a 402 for a declined test card) as errors;
// anything else written to console.error fails the test, as it would in production.
const EXPECTED_CONSOLE = [
  /Failed to load resource: the server responded with a status of (401|402|403|404|409|429|400)/,
];

export const test = base.extend<{ consoleErrors: string[]; lumaImages: void; clientAddress: void }>({
  // The test server stands behind a trusted proxy, as in production (tests/support/server.ts): each
  // test is a visitor of her own address, so that no test spends another's per-address limits.
  clientAddress: [
    async ({ page }, use) => {
      await page.context().setExtraHTTPHeaders({ "x-forwarded-for": randomIp() });
      await use();
    },
    { auto: true },
  ],
  // Event covers from the fake Luma claim an https origin, as Luma's CDN is, so the page's
  // Content-Security-Policy applies as in production; the browser fetches them from the fake.
  lumaImages: [
    async ({ page }, use) => {
      const fake = process.env.LUMA_API_BASE_URL;
      if (fake) await routeOriginToFake(page, FAKE_LUMA_IMAGE_ORIGIN, fake);
      await use();
      // A cover still on its way when the test ends is not the test's failure.
      await page.unrouteAll({ behavior: "ignoreErrors" });
    },
    { auto: true },
  ],
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("console", (message) => {
        if (message.type() === "error" && !EXPECTED_CONSOLE.some((pattern) => pattern.test(message.text())))
          errors.push(message.text());
      });
      page.on("pageerror", (error) => errors.push(error.message));
      await use(errors);
      expect(errors, "console errors").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/**
 * Signs in through the API (sharing the page's cookies), for tests about what comes after. Test admins
 * have two-factor sign-in (tests/support/two-factor.ts): when asked, the current code is sent too.
 */
export async function signInAs(page: Page, username: string, password: string): Promise<void> {
  const baseURL = process.env.TEST_BASE_URL!;
  const login = (data: Record<string, string>) =>
    page.request.post("/api/auth/login", { data, headers: { origin: baseURL } });
  let response = await login({ username, password });
  if (asksForCode(response.status(), await response.json().catch(() => undefined)))
    response = await login({ username, password, code: await freshTotpCode(username) });
  expect(response.status(), await response.text()).toBe(200);
}

/** Signs in through the login form, as a member would. */
export async function signInWithForm(page: Page, username: string, password: string): Promise<void> {
  await page.goto("/login");
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
}

/** Opens an admin page as an administrator does: the header's Admin menu, then the page's link in it. */
export async function openFromAdminMenu(page: Page, name: string): Promise<void> {
  await page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Admin", exact: true }).click();
  await page.getByRole("list", { name: "Admin pages" }).getByRole("link", { name, exact: true }).click();
}

/** Opens the menu under her picture in the navbar (her own pages and Logout) and answers it. */
export async function openAccountMenu(page: Page) {
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("button", { name: /^Your account/ })
    .click();
  return page.getByRole("list", { name: "Your account" });
}

export function toast(page: Page) {
  return page.getByTestId("toast");
}

/** Waits for the call an action sends, so that the next step never races it; answers its response. */
export function answered(page: Page, method: string, url: RegExp) {
  return page.waitForResponse((response) => url.test(response.url()) && response.request().method() === method);
}

/** The video players are other sites this machine cannot reach: their frames get a stand-in page. */
export async function standInVideoPlayers(page: Page): Promise<void> {
  for (const origin of ["https://www.youtube-nocookie.com", "https://player.vimeo.com"]) {
    await page.route(`${origin}/**`, (route) =>
      route.fulfill({ contentType: "text/html", body: "<!doctype html><title>player</title><p>player</p>" }),
    );
  }
}
