import type { Page } from "@playwright/test";
import { expect, expectAccessible, test } from "./fixtures";

const PUBLIC_PAGES = ["/", "/about", "/membership", "/community", "/events", "/faq", "/contact", "/terms", "/privacy", "/blog", "/apply", "/login"];

/** How far the page is wider than the screen, in CSS pixels (0 when nothing scrolls sideways). */
function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

test.describe("at 320 px wide", () => {
  test.use({ viewport: { width: 320, height: 568 } });

  test("no public page scrolls sideways, and each passes axe", async ({ page }) => {
    for (const path of PUBLIC_PAGES) {
      await page.goto(path);
      await expect(page.locator("main h1").first()).toBeVisible();
      expect(await sidewaysOverflow(page), `${path} is wider than 320 px`).toBe(0);
      await expectAccessible(page, `${path} at 320 px`);
    }
    await page.goto("/blog");
    await page.locator("main article a").first().click();
    await expect(page.locator("main h1")).toBeVisible();
    expect(await sidewaysOverflow(page), "a blog article is wider than 320 px").toBe(0);
  });

  test("the phone menu fits the screen, scrolls to its last item and closes on Escape", async ({ page }) => {
    await page.goto("/");
    const toggle = page.getByRole("button", { name: "Open menu" });
    await toggle.click();
    const menu = page.locator("#mobile-menu");
    const box = (await menu.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(568);
    const join = menu.getByRole("link", { name: "Join Now" });
    await join.scrollIntoViewIfNeeded();
    await expect(join).toBeInViewport();
    await expectAccessible(page, "the phone menu");
    await join.focus();
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(page.getByRole("button", { name: "Open menu" })).toBeFocused();
  });
});

test.describe("keyboard only", () => {
  test("skip link, section menus, FAQ answers and the cookie banner all work from the keyboard", async ({ page }) => {
    await page.goto("/faq");
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to main content" });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/#main$/);

    // The About section menu opens with Enter, its links follow in Tab order, Escape closes it.
    const aboutSections = page.getByRole("button", { name: "About sections" });
    await aboutSections.focus();
    await page.keyboard.press("Enter");
    await expect(aboutSections).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("Tab");
    await expect(page.getByRole("list", { name: "About sections" }).getByRole("link").first()).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(aboutSections).toHaveAttribute("aria-expanded", "false");
    await expect(aboutSections).toBeFocused();

    // An FAQ answer opens with Space and the next question is one Tab away.
    const questions = page.locator("[data-slot=accordion-trigger]");
    await questions.first().focus();
    await page.keyboard.press("Space");
    await expect(questions.first()).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("Tab");
    await expect(questions.nth(1)).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(questions.nth(1)).toHaveAttribute("aria-expanded", "true");
    await expect(questions.first()).toHaveAttribute("aria-expanded", "false");

    // Every focusable control shows a visible focus indicator.
    const accept = page.getByRole("button", { name: "Accept All" });
    await accept.focus();
    const outline = await accept.evaluate((element) => getComputedStyle(element).outlineStyle + getComputedStyle(element).boxShadow);
    expect(outline).not.toBe("nonenone");
    await page.keyboard.press("Enter");
    await expect(page.getByRole("region", { name: "Cookie consent" })).toHaveCount(0);
  });

  test("the newsletter form submits with Enter and reports its error where focus is", async ({ page }) => {
    await page.goto("/");
    const email = page.locator("#newsletter").getByLabel("Email address");
    await email.focus();
    await page.keyboard.type("not-an-email");
    await page.keyboard.press("Enter");
    await expect(page.locator("#newsletter").getByText("Please enter a valid email address")).toBeVisible();
    await expect(email).toBeFocused();
    await expect(email).toHaveAttribute("aria-invalid", "true");
  });
});
