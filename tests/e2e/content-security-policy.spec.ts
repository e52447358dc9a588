import { createTestUser, TEST_PASSWORD } from "../support/db";
import { expect, signInAs, test } from "./fixtures";

// Member and admin pages show what members write. Those rendered per request carry a nonce-based
// Content-Security-Policy (issue 17); those prerendered for every member (issue 28) cannot, and refuse
// inline event handlers instead. Either way a script that found its way into the page does not run.

/**
 * Markup that slipped into the page, as a cross-site scripting attack puts it there: an inline event
 * handler (the classic vector; an inline <script> put in by innerHTML never runs anyway). Resolves to
 * whether it ran.
 */
const INJECT = () =>
  new Promise<boolean>((resolve) => {
    document.body.insertAdjacentHTML("beforeend", `<img alt="" src="data:," onerror="window.__injected = true">`);
    setTimeout(() => resolve((window as unknown as { __injected?: boolean }).__injected === true), 500);
  });

test("an injected inline script does not run on a member page rendered per request, and the page's own scripts do", async ({
  page,
  consoleErrors,
}) => {
  const member = await createTestUser();
  await signInAs(page, member.username, TEST_PASSWORD);
  const response = await page.goto("/profile/security");
  const policy = response!.headers()["content-security-policy"]!;
  expect(policy).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'/);
  expect(policy).not.toContain("'unsafe-inline' ");
  // Hydrated: the navbar's client code ran under the policy.
  await expect(page.getByRole("button", { name: /^Your account/ })).toBeVisible();

  expect(await page.evaluate(INJECT)).toBe(false);
  // The browser reports the refusal; that one message is what this test expects.
  expect(consoleErrors.splice(0).join("\n")).toMatch(/Content Security Policy/);
});

test("a member page prerendered for everyone refuses inline event handlers too, and its own scripts run (issue 28)", async ({
  page,
  consoleErrors,
}) => {
  const member = await createTestUser();
  await signInAs(page, member.username, TEST_PASSWORD);
  await page.goto("/profile");
  const response = await page.goto("/profile");
  // The same page for every member, from the page cache: no nonce can be in it.
  expect(response!.headers()["x-nextjs-cache"]).toBe("HIT");
  const policy = response!.headers()["content-security-policy"]!;
  expect(policy).toContain("script-src-attr 'none'");
  expect(policy).not.toContain("nonce-");
  // Her part loaded in the browser: the page's own scripts ran.
  await expect(page.getByRole("heading", { level: 1, name: `${member.firstName} ${member.lastName}` })).toBeVisible();
  await expect(page.getByRole("button", { name: /^Your account/ })).toBeVisible();

  expect(await page.evaluate(INJECT)).toBe(false);
  expect(consoleErrors.splice(0).join("\n")).toMatch(/Content Security Policy/);
});

test("a public page keeps the static policy its prerendered HTML needs", async ({ page }) => {
  const response = await page.goto("/about");
  expect(response!.headers()["content-security-policy"]).toMatch(/script-src 'self' 'unsafe-inline'/);
  expect(await page.evaluate(INJECT)).toBe(true);
});
