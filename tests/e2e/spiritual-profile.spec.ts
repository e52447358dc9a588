import { createTestUser, TEST_PASSWORD } from "../support/db";
import { expect, expectAccessible, signInAs, test, toast } from "./fixtures";

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

    await page.getByLabel("Birth date").fill("1992-10-03");
    await page.getByLabel("Birth time (24-hour)").fill("00:03");
    await page.getByRole("combobox", { name: "Birth location" }).fill("New Yor");
    await page.getByRole("option", { name: /^New York/ }).first().click();
    await expect(page.getByRole("combobox", { name: "Birth location" })).toHaveValue(/^New York/);
    await page.getByRole("button", { name: "Save Birth Data" }).click();
    await expect(toast(page)).toContainText("Your birth data has been saved");
    await expect(page.getByText(/UTC−04:00 \(daylight saving time\)/)).toBeVisible();

    await page.getByRole("button", { name: "Generate Human Design Report" }).click();
    await expect(toast(page)).toContainText("Your Human Design report has been generated");
    await expect(page.getByRole("tab", { name: "Human Design" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("img", { name: /Bodygraph: Manifesting Generator/ })).toBeVisible();
    await expect(page.getByText("Right Angle Cross of Tension (48/21 | 39/38)").first()).toBeVisible();
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
});
