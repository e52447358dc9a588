import type { Page } from "@playwright/test";
import { createTestUser, TEST_PASSWORD } from "../support/db";
import { expect, signInAs, test } from "./fixtures";

// Every page runs its own scripts and nothing else (docs/decisions/033-script-hashes-for-prerendered-pages.md):
// pages rendered per request by a nonce, prerendered pages (public, and member pages too)
// by the hashes of their scripts stored with them. A script that found its way into the page does not
// run, and the page's own all do: the browser reports no refusal of them.

/**
 * Markup that slipped into the page, as a cross-site scripting attack puts it there: an inline event
 * handler (the classic vector; an inline <script> put in by innerHTML never runs anyway). Resolves to
 * whether it ran.
 */
const INJECT = () =>
  new Promise<boolean>((resolve) => {
    document.body.insertAdjacentHTML("beforeend", `<img alt="" src="data:," onerror="window.__injected = true">`);
    // The image's error event: listeners run in the order they were added, so the injected handler
    // (added with the markup) has run by now if the policy let it.
    document.body.lastElementChild!.addEventListener("error", () =>
      resolve((window as unknown as { __injected?: boolean }).__injected === true),
    );
  });

/** Collects, from before the page's first script, each refusal the page's policy makes. */
async function recordRefusals(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __refused: string[] }).__refused = seen;
    document.addEventListener("securitypolicyviolation", (event) =>
      seen.push(`${event.effectiveDirective} ${event.blockedURI || "inline"} ${event.sample}`),
    );
  });
  return () => page.evaluate(() => (window as unknown as { __refused: string[] }).__refused.splice(0));
}

const scriptSrcOf = (policy: string) => policy.split("; ").find((d) => d.startsWith("script-src "))!;

test("a member page rendered per request runs by its nonce, and an injected handler does not run", async ({
  page,
  consoleErrors,
}) => {
  const refusals = await recordRefusals(page);
  const member = await createTestUser();
  await signInAs(page, member.username, TEST_PASSWORD);
  const response = await page.goto("/profile/security");
  const scriptSrc = scriptSrcOf(response!.headers()["content-security-policy"]!);
  expect(scriptSrc).toMatch(/^script-src 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic' /);
  expect(scriptSrc).not.toContain("'unsafe-inline'");
  // Hydrated: the navbar's client code ran under the policy.
  await expect(page.getByRole("button", { name: /^Your account/ })).toBeVisible();
  expect(await refusals()).toEqual([]);

  expect(await page.evaluate(INJECT)).toBe(false);
  expect(await refusals()).toEqual([expect.stringMatching(/^script-src-attr inline/)]);
  // The browser reports the refusal; that one message is what this test expects.
  expect(consoleErrors.splice(0).join("\n")).toMatch(/Content Security Policy/);
});

test("a member page prerendered for everyone runs by its scripts' hashes: a button works, nothing is refused", async ({
  page,
  consoleErrors,
}) => {
  const refusals = await recordRefusals(page);
  const member = await createTestUser();
  await signInAs(page, member.username, TEST_PASSWORD);
  await page.goto("/profile");
  // She opens her profile from a link in an email: the page comes from the page cache, the same for everyone.
  const response = await page.goto("/profile");
  expect(response!.headers()["x-nextjs-cache"]).toBe("HIT");
  const scriptSrc = scriptSrcOf(response!.headers()["content-security-policy"]!);
  expect(scriptSrc).toMatch(/^script-src ('sha256-[A-Za-z0-9+/=]+' )+'strict-dynamic' /);
  expect(scriptSrc).not.toMatch(/'unsafe-inline'|'nonce-/);
  // Her part loaded in the browser, and the page's buttons work.
  await expect(page.getByRole("heading", { level: 1, name: `${member.firstName} ${member.lastName}` })).toBeVisible();
  await expect(page.getByRole("button", { name: /^Your account/ })).toBeVisible();
  await page.getByRole("button", { name: "Edit Profile" }).click();
  await expect(page.getByLabel("First name")).toHaveValue(member.firstName);
  expect(await refusals()).toEqual([]);

  expect(await page.evaluate(INJECT)).toBe(false);
  expect(await refusals()).toEqual([expect.stringMatching(/^script-src-attr inline/)]);
  expect(consoleErrors.splice(0).join("\n")).toMatch(/Content Security Policy/);
});

test("a public page prerendered for everyone runs by its scripts' hashes: a button works, nothing is refused", async ({
  page,
  consoleErrors,
}) => {
  await page.addInitScript(() => window.localStorage.setItem("cookie-consent", "accepted"));
  const refusals = await recordRefusals(page);
  await page.goto("/");
  const response = await page.goto("/");
  expect(response!.headers()["x-nextjs-cache"]).toBe("HIT");
  const scriptSrc = scriptSrcOf(response!.headers()["content-security-policy"]!);
  expect(scriptSrc).toMatch(/^script-src ('sha256-[A-Za-z0-9+/=]+' )+'strict-dynamic' /);
  expect(scriptSrc).not.toMatch(/'unsafe-inline'|'nonce-/);
  // The event filters are the page's own code at work.
  const listing = page.locator("#upcoming-events");
  await listing.getByRole("button", { name: "Workshops" }).click();
  await expect(listing.getByRole("button", { name: "Workshops" })).toHaveAttribute("aria-pressed", "true");
  // A link followed inside the tab loads that page's code under the first page's policy.
  await page.getByRole("link", { name: "Explore Membership" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Membership");
  expect(await refusals()).toEqual([]);

  expect(await page.evaluate(INJECT)).toBe(false);
  expect(await refusals()).toEqual([expect.stringMatching(/^script-src-attr inline/)]);
  expect(consoleErrors.splice(0).join("\n")).toMatch(/Content Security Policy/);
});
