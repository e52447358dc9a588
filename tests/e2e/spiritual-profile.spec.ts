import { createTestUser, TEST_PASSWORD } from "../support/db";
import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { expect, expectAccessible, signInAs, test, toast } from "./fixtures";

const origin = { origin: process.env.TEST_BASE_URL! };

/** A second signed-in browser, as another person would have. */
async function signedInPage(browser: Browser, username: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: process.env.TEST_BASE_URL });
  const page = await context.newPage();
  await signInAs(page, username, TEST_PASSWORD);
  return page;
}

/** Every route the app uses for one member's birth data and reports, called for `ownerId` by someone else. */
async function expectForbidden(request: APIRequestContext, ownerId: number) {
  const body = { birthDate: "2000-01-01", birthTime: "12:00", birthLocation: "Reykjavík", placeId: "x" };
  const responses = [
    await request.get(`/api/users/${ownerId}/spiritual-profile`),
    await request.patch(`/api/users/${ownerId}`, { data: body, headers: origin }),
    await request.delete(`/api/users/${ownerId}/birth-data`, { headers: origin }),
  ];
  for (const response of responses) {
    expect(response.status(), response.url()).toBe(403);
    expect(await response.text()).not.toMatch(/1965|Reykjav|Scorpio|Generator/);
  }
}

test.describe("spiritual profile", () => {
  test("signed-out visitors are sent to the login page", async ({ page }) => {
    await page.goto("/spiritual-profile");
    await expect(page).toHaveURL(/\/login\?next=%2Fspiritual-profile/);
  });

  test("a member enters birth data with the typeahead and generates all three reports", async ({ page }) => {
    const user = await createTestUser();
    await signInAs(page, user.username, TEST_PASSWORD);
    await page.goto("/spiritual-profile");
    await expect(page.getByRole("tab", { name: "Birth Data" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByText("only you can see them")).toBeVisible();
    await expectAccessible(page);
    // Date and time side by side, level and of one height; no example value posing as input (hints say the form).
    const sideBySide = async () => {
      const [date, time] = await Promise.all([
        page.getByLabel("Birth date").boundingBox(),
        page.getByLabel("Birth time (24-hour)").boundingBox(),
      ]);
      expect({ top: date!.y, height: date!.height }).toEqual({ top: time!.y, height: time!.height });
    };
    await sideBySide();
    for (const label of ["Birth date", "Birth time (24-hour)", "UTC offset (optional)"])
      expect(await page.getByLabel(label).getAttribute("placeholder"), label).toBeNull();

    // Generate on the empty form: each field says what it needs, and focus goes to the first.
    await page.getByRole("button", { name: "Generate Astrology Report" }).click();
    await expect(toast(page)).toContainText("Failed to generate your astrology report");
    for (const message of ["Birth date is required", "Birth time is required", "Birth location is required"])
      await expect(page.getByText(message)).toBeVisible();
    await expect(page.getByLabel("Birth date")).toBeFocused();
    await expectAccessible(page, "birth data form with its messages");
    await sideBySide();

    // The time is 24-hour as labelled, whatever the browser's locale: no AM/PM field.
    const time = page.getByLabel("Birth time (24-hour)");
    expect(await time.getAttribute("type")).not.toBe("time");
    await time.fill("25:10");
    await page.getByRole("button", { name: "Save Birth Data" }).click();
    await expect(page.getByText("Birth time must be 24-hour, HH:MM")).toBeVisible();

    await page.getByLabel("Birth date").fill("1992-10-03");
    await page.getByLabel("Birth time (24-hour)").fill("00:03");
    await page.getByRole("combobox", { name: "Birth location" }).fill("New Yor");
    await page
      .getByRole("option", { name: /^New York/ })
      .first()
      .click();
    await expect(page.getByRole("combobox", { name: "Birth location" })).toHaveValue(/^New York/);
    await page.getByRole("button", { name: "Save Birth Data" }).click();
    await expect(toast(page)).toContainText("Your birth data has been saved");
    await expect(page.getByText(/UTC−04:00 \(daylight saving time\)/)).toBeVisible();

    await page.getByRole("button", { name: "Generate Human Design Report" }).click();
    await expect(toast(page)).toContainText("Your Human Design report has been generated");
    await expect(page.getByRole("tab", { name: "Human Design" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("img", { name: /Bodygraph: Manifesting Generator/ })).toBeVisible();
    await expect(page.getByText("Right Angle Cross of Tension (48/21 | 39/38)").first()).toBeVisible();
    // Every gate number, as the browser draws it, lies inside its center's outline (the Ajna's crossed its edges).
    const outside = await page.locator("svg g[data-center]").evaluateAll((groups) =>
      groups.flatMap((group) => {
        const outline = group.querySelector("path") as SVGPathElement;
        return [...group.querySelectorAll("text")].flatMap((text) => {
          const box = (text as SVGTextElement).getBBox();
          const corners = [
            [box.x, box.y],
            [box.x + box.width, box.y],
            [box.x, box.y + box.height],
            [box.x + box.width, box.y + box.height],
          ];
          return corners.some(([x, y]) => !outline.isPointInFill(new DOMPoint(x, y)))
            ? [`${group.getAttribute("data-center")}: ${text.textContent}`]
            : [];
        });
      }),
    );
    expect(outside).toEqual([]);
    expect(await page.locator("svg g[data-center] text").count()).toBeGreaterThan(0);
    await expectAccessible(page, "human design report");

    await page.getByRole("tab", { name: "Astrology" }).click();
    await page.getByRole("button", { name: "Generate Astrology Report" }).click();
    await expect(toast(page)).toContainText("Your astrology report has been generated");
    await expect(page.getByRole("img", { name: /Natal wheel: .* rising, Sun in Libra/ })).toBeVisible();
    await expectAccessible(page, "astrology report");

    await page.getByRole("tab", { name: "Gene Key" }).click();
    await page.getByRole("button", { name: "Generate Gene Key Report" }).click();
    await expect(toast(page)).toContainText("Your Gene Key report has been generated");
    await expect(page.getByRole("row", { name: /Life's Work 48\.1/ })).toBeVisible();
    await expectAccessible(page, "gene key report");
  });

  test("another member and an admin get 403 from the owner's birth data and reports, and no admin screen shows them", async ({
    page,
    browser,
  }) => {
    // It opens every admin screen (there are more than thirty) and runs axe on each: 2.4 minutes on a busy machine.
    test.slow();
    const owner = await createTestUser();
    await signInAs(page, owner.username, TEST_PASSWORD);
    const places = await (await page.request.get("/api/places?q=reykjav")).json();
    const saved = await page.request.patch(`/api/users/${owner.id}`, {
      data: {
        birthDate: "1965-11-21",
        birthTime: "07:50",
        birthLocation: places.places[0].label,
        placeId: places.places[0].id,
      },
      headers: origin,
    });
    expect(saved.status()).toBe(200);
    for (const kind of ["astrology", "human-design", "gene-key"]) {
      expect((await page.request.post(`/api/profile/${kind}`, { headers: origin })).status()).toBe(200);
    }
    const own = await page.request.get(`/api/users/${owner.id}/spiritual-profile`);
    expect(await own.text()).toMatch(/1965-11-21/);

    const other = await signedInPage(browser, (await createTestUser()).username);
    await expectForbidden(other.request, owner.id);

    const adminUser = await createTestUser({ isAdmin: true });
    const admin = await signedInPage(browser, adminUser.username);
    await expectForbidden(admin.request, owner.id);

    await admin.goto("/admin");
    await expect(admin.getByRole("heading", { name: "Admin Panel" })).toBeVisible();
    const screens = [
      ...new Set(
        await admin.locator('a[href^="/admin"]').evaluateAll((links) => links.map((a) => a.getAttribute("href")!)),
      ),
    ];
    expect(screens.length).toBeGreaterThan(5);
    for (const screen of screens) {
      await admin.goto(screen);
      await expectAccessible(admin, screen);
      const text = await admin.locator("body").innerText();
      for (const trace of ["1965-11-21", "Nov 21, 1965", "07:50", "Reykjav"])
        expect(text, `${trace} on ${screen}`).not.toContain(trace);
    }
    // The owner's own data is still there: nobody else's attempt changed or deleted it.
    expect(await (await page.request.get(`/api/users/${owner.id}/spiritual-profile`)).text()).toMatch(/1965-11-21/);
    await other.context().close();
    await admin.context().close();
  });
});
