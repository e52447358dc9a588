import type { Page } from "@playwright/test";
import { createTestUser, TEST_PASSWORD } from "../support/db";
import { expect, expectAccessible, signInAs, test, toast } from "./fixtures";

const PUBLIC_PAGES = [
  "/",
  "/about",
  "/membership",
  "/community",
  "/events",
  "/faq",
  "/contact",
  "/terms",
  "/privacy",
  "/blog",
  "/apply",
  "/login",
];

/**
 * How far the page is wider than the screen, in CSS pixels (0 when nothing scrolls sideways), with the
 * elements that stick out named in the failure message.
 */
async function sidewaysOverflow(page: Page): Promise<number> {
  const { overflow, culprits } = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const describe = (e: Element) =>
      `${e.tagName.toLowerCase()}${e.id ? `#${e.id}` : ""}.${[...e.classList].slice(0, 4).join(".")} (right ${Math.round(e.getBoundingClientRect().right)})`;
    const sticking = [...document.querySelectorAll("body *")].filter(
      (e) => e.getBoundingClientRect().right > width + 0.5,
    );
    return { overflow: document.documentElement.scrollWidth - width, culprits: sticking.slice(-5).map(describe) };
  });
  if (overflow > 0) console.log(`sticking out on ${page.url()}: ${culprits.join(" | ")}`);
  return overflow;
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

test.describe("at 320 px wide on a slow connection", () => {
  test.use({ viewport: { width: 320, height: 568 }, serviceWorkers: "block" });

  test("the menu button says it is not ready until the page's code has run, then opens the menu", async ({ page }) => {
    // The page's code is held until the test lets it through: the server's HTML is on screen, React not yet.
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/_next/static/chunks/**", async (route) => {
      await released;
      await route.continue();
    });
    await page.goto("/", { waitUntil: "commit" });
    const toggle = page.getByRole("button", { name: "Open menu" });
    await expect(toggle).toHaveAttribute("aria-disabled", "true");
    release();
    // Playwright presses only a button that is not disabled, as a member's tap would only do anything then.
    await toggle.click();
    await expect(page.locator("#mobile-menu")).toBeVisible();
    await expect(page.getByRole("button", { name: "Close menu" })).not.toHaveAttribute("aria-disabled", /.*/);
  });
});

test.describe("on a phone (320 px)", () => {
  test.use({ viewport: { width: 320, height: 640 } });

  test("a member enters birth data and reads her Human Design report with the bodygraph inside the screen", async ({
    page,
  }) => {
    const member = await createTestUser();
    await signInAs(page, member.username, TEST_PASSWORD);
    await page.goto("/spiritual-profile");
    await page.getByLabel("Birth date").fill("1988-06-21");
    await page.getByLabel("Birth time (24-hour)").fill("14:20");
    await page.getByRole("combobox", { name: "Birth location" }).fill("Sydn");
    await page
      .getByRole("option", { name: /^Sydney/ })
      .first()
      .click();
    await page.getByRole("button", { name: "Save Birth Data" }).click();
    await expect(toast(page)).toContainText("Your birth data has been saved");
    expect(await sidewaysOverflow(page), "the birth data tab is wider than 320 px").toBe(0);

    await page.getByRole("button", { name: "Generate Human Design Report" }).click();
    const bodygraph = page.getByRole("img", { name: /Bodygraph/ });
    await expect(bodygraph).toBeVisible();
    const box = (await bodygraph.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(320);
    expect(await sidewaysOverflow(page), "the report is wider than 320 px").toBe(0);
    await expectAccessible(page, "human design report at 320 px");

    await page.getByRole("tab", { name: "Astrology" }).click();
    await page.getByRole("button", { name: "Generate Astrology Report" }).click();
    const wheel = page.getByRole("img", { name: /Natal wheel/ });
    await expect(wheel).toBeVisible();
    expect((await wheel.boundingBox())!.width).toBeLessThanOrEqual(320);
    expect(await sidewaysOverflow(page), "the astrology report is wider than 320 px").toBe(0);
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
    const items = page.locator("details[data-slot=accordion-item]");
    const questions = items.locator("summary");
    await questions.first().focus();
    await page.keyboard.press("Space");
    await expect(items.first()).toHaveAttribute("open", "");
    await page.keyboard.press("Tab");
    await expect(questions.nth(1)).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(items.nth(1)).toHaveAttribute("open", "");
    await expect(items.first()).not.toHaveAttribute("open");

    // Every focusable control shows a visible focus indicator.
    const accept = page.getByRole("button", { name: "Accept All" });
    await accept.focus();
    const outline = await accept.evaluate(
      (element) => getComputedStyle(element).outlineStyle + getComputedStyle(element).boxShadow,
    );
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
