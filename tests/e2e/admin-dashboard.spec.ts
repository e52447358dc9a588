import { paymentTransactions } from "@/db/schema";
import { createTestUser, testDb, TEST_PASSWORD } from "../support/db";
import { expect, expectAccessible, expectAccessibleAtBothWidths, signInAs, test } from "./fixtures";

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const dollars = (text: string) => Math.round(Number(text.replace(/[$,]/g, "")) * 100);

test("the dashboard draws its charts, each with a table that follows the seeded figures", async ({ page }) => {
  const admin = await createTestUser({ isAdmin: true });
  await signInAs(page, admin.username, TEST_PASSWORD);
  await page.goto("/admin");
  await expect(page.getByRole("heading", { level: 2, name: "Dashboard" })).toBeVisible();
  await expect(page.getByRole("link", { name: "30 days" })).toHaveAttribute("aria-current", "page");
  await expect(page.locator("figure .recharts-wrapper")).toHaveCount(6);
  // The headline above the charts (its figures are checked against the database in the integration
  // test); the home page's content editor has its own page and is no longer repeated here.
  const today = page.getByRole("region", { name: "Today" });
  for (const figure of ["Active members", "Applications waiting", "Monthly recurring revenue", "Active this month"])
    await expect(today.getByText(figure, { exact: true })).toBeVisible();
  await expect(today.getByRole("link", { name: "Review applications" })).toHaveAttribute("href", "/admin/applications");
  await expect(page.getByRole("heading", { name: "Content Editor" })).toHaveCount(0);
  for (const title of [
    "Members by tier",
    "Member growth",
    "Applications funnel",
    "Revenue and refunds",
    "Event RSVPs",
    "Forum and library activity",
  ]) {
    await expect(page.getByRole("table", { name: title })).toBeAttached();
  }
  await expectAccessibleAtBothWidths(page, "/admin dashboard");

  // A refund seeded 300 days ago shows in the 12-month table's row for its month.
  await page.getByRole("link", { name: "12 months" }).click();
  await expect(page.getByRole("link", { name: "12 months" })).toHaveAttribute("aria-current", "page");
  const at = new Date(Date.now() - 300 * 86_400_000);
  const month = `${MONTHS[at.getUTCMonth()]} ${at.getUTCFullYear()}`;
  const refundsCell = () =>
    page
      .getByRole("table", { name: "Revenue and refunds" })
      .getByRole("row", { name: new RegExp(`^${month} `) })
      .getByRole("cell")
      .nth(1);
  const before = dollars((await refundsCell().textContent())!);
  await testDb()
    .insert(paymentTransactions)
    .values({ kind: "refund", amount: 12_345, status: "completed", paymentMethod: "card", createdAt: at });
  await page.reload();
  await expect.poll(async () => dollars((await refundsCell().textContent())!)).toBe(before + 12_345);
  await expectAccessible(page, "/admin dashboard, 12 months");
});

test("at 390 and 1280 px the page is no wider than the screen, every admin section's tab is in view, and a tab's page is fetched ahead only when she points at it", async ({
  page,
}) => {
  const admin = await createTestUser({ isAdmin: true });
  await signInAs(page, admin.username, TEST_PASSWORD);
  const sectionsFetchedAhead: string[] = [];
  page.on("request", (request) => {
    const path = new URL(request.url()).pathname;
    if (request.headers()["rsc"] === "1" && path.startsWith("/admin/")) sectionsFetchedAhead.push(path);
  });
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto("/admin");
    await expect(page.locator("figure .recharts-wrapper")).toHaveCount(6);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth),
      `page width at ${width} px`,
    ).toBeLessThanOrEqual(width);
    const tabs = page.getByRole("navigation", { name: "Admin sections" }).getByRole("link");
    await expect(tabs).toHaveCount(18);
    if (width === 1280) {
      // The sections are fetched ahead only once she points at one (decision 057), not all eighteen per page view.
      await page.waitForLoadState("networkidle");
      // The page's own links (the dashboard's "Review applications") keep Next.js' default.
      const linkedInThePage = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLAnchorElement>('#main a[href^="/admin/"]')]
          .filter((link) => !link.closest('nav[aria-label="Admin sections"]'))
          .map((link) => new URL(link.href).pathname),
      );
      expect(
        sectionsFetchedAhead.filter((path) => !linkedInThePage.includes(path)),
        "sections fetched ahead by loading the page",
      ).toEqual([]);
      // Pointing at one she has not had fetched fetches it.
      const fetched = page.waitForRequest(
        (request) => new URL(request.url()).pathname === "/admin/levels" && request.headers()["rsc"] === "1",
      );
      expect(linkedInThePage).not.toContain("/admin/levels");
      await tabs.getByText("Levels", { exact: true }).hover();
      await fetched;
    }
    for (const box of await tabs.evaluateAll((links) =>
      links.map((link) => link.getBoundingClientRect().toJSON() as DOMRect),
    )) {
      expect(box.left, `a tab's left edge at ${width} px`).toBeGreaterThanOrEqual(0);
      expect(box.right, `a tab's right edge at ${width} px`).toBeLessThanOrEqual(width);
    }
  }
});
