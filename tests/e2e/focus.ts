import type { Locator, Page, Route } from "@playwright/test";
import { expect } from "./fixtures";

// Helpers for the focus tests (docs/decisions/037-focus-after-an-action.md).

/** What has focus, for a failure message: the tag, then its id or its first words ("body" when nothing does). */
export function focusedElement(page: Page): Promise<string> {
  return page.evaluate(() => {
    const active = document.activeElement;
    if (!active || active === document.body) return "body";
    const words = (active.getAttribute("aria-label") ?? active.textContent ?? "").trim().slice(0, 40);
    return `${active.tagName.toLowerCase()}${active.id ? `#${active.id}` : ""} "${words}"`;
  });
}

/** Focus is on `expected`, and so not on the page itself. */
export async function expectFocusOn(page: Page, expected: Locator, after: string): Promise<void> {
  await expect(expected, `focus after ${after} (on ${await focusedElement(page)})`).toBeFocused();
  expect(await focusedElement(page), `focus after ${after}`).not.toBe("body");
}

interface Sending {
  /** The request the button sends, e.g. "PUT" and /\/api\/notifications\/preferences$/. */
  method: string;
  url: RegExp;
  /** What the button shows, and the live region says, while it works. */
  pendingLabel: string;
}

/**
 * Presses `button` from the keyboard and holds its request until the test has seen it pending: still
 * focused, aria-disabled, showing and announcing `pendingLabel`. A second Enter then must not send
 * again. Resolves once the server has answered.
 */
export async function sendFromKeyboard(page: Page, button: Locator, { method, url, pendingLabel }: Sending) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let sent = 0;
  const hold = async (route: Route) => {
    if (route.request().method() !== method) return route.fallback();
    sent += 1;
    await released;
    await route.continue();
  };
  await page.route(url, hold);
  await expect(button, "ready to press (not waiting for what it shows)").toBeEnabled();
  await button.focus();
  await page.keyboard.press("Enter");
  const focused = page.locator(":focus");
  await expect(
    focused,
    `the pressed button keeps focus while it works (focus is on ${await focusedElement(page)})`,
  ).toHaveAttribute("aria-disabled", "true");
  await expect(focused).toHaveText(pendingLabel);
  await expect(page.getByTestId("live-region")).toHaveText(pendingLabel);
  await page.keyboard.press("Enter");
  const answered = page.waitForResponse(
    (response) => url.test(response.url()) && response.request().method() === method,
  );
  release();
  await answered;
  await page.unroute(url, hold);
  expect(sent, "a second press while pending sends nothing").toBe(1);
}

/**
 * The focused element is in sight: not under the sticky header nor the cookie banner (WCAG 2.4.11).
 * An element taller than the space between them (a scrolling region) must show some part; of a
 * multi-line field, which the browser scrolls to its caret, the first line (the top 2.5 rem).
 */
export async function expectFocusInSight(page: Page, where: string): Promise<void> {
  const problem = () =>
    page.evaluate(() => {
      const active = document.activeElement as HTMLElement | null;
      if (!active || active === document.body) return "focus is on the page itself";
      const header = [...document.querySelectorAll("header")].find((h) =>
        ["sticky", "fixed"].includes(getComputedStyle(h).position),
      );
      const banner = document.querySelector('section[aria-label="Cookie consent"]');
      const top = header && !header.contains(active) ? header.getBoundingClientRect().bottom : 0;
      const bottom = banner && !banner.contains(active) ? banner.getBoundingClientRect().top : window.innerHeight;
      const whole = active.getBoundingClientRect();
      const firstLine =
        active instanceof HTMLTextAreaElement
          ? 2.5 * parseFloat(getComputedStyle(document.documentElement).fontSize)
          : 0;
      const box = firstLine ? new DOMRect(whole.x, whole.y, whole.width, Math.min(whole.height, firstLine)) : whole;
      const name = `${active.tagName.toLowerCase()} "${(active.getAttribute("aria-label") ?? active.textContent ?? "").trim().slice(0, 40)}"`;
      const fits = box.height <= bottom - top;
      if (fits && box.top < top) return `${name} is under the header (top ${box.top}, header ends at ${top})`;
      if (fits && box.bottom > bottom)
        return `${name} is under the cookie banner (bottom ${box.bottom}, banner at ${bottom})`;
      if (!fits && (box.bottom <= top || box.top >= bottom)) return `${name} is hidden`;
      return null;
    });
  // Polled: the page may still be scrolling (smoothly) to the element.
  await expect.poll(problem, { message: where }).toBeNull();
}

/** Presses Tab (or Shift+Tab) until `until` has focus, checking after each press that focus is in sight. */
export async function tabCheckingSight(page: Page, until: Locator, { backwards = false, limit = 80 } = {}) {
  for (let presses = 0; presses < limit; presses += 1) {
    await page.keyboard.press(backwards ? "Shift+Tab" : "Tab");
    await expectFocusInSight(page, `after ${presses + 1} ${backwards ? "Shift+Tab" : "Tab"} presses`);
    if (await until.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error(`${limit} presses did not reach ${until}`);
}
