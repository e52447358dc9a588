import type { Page } from "@playwright/test";
import { createTestUser, TEST_PASSWORD } from "../support/db";
import { expect, signInAs, test } from "./fixtures";

// Courses from the header: a member below a course's tier sees what opens it.

const mainNav = (page: Page) => page.getByRole("navigation", { name: "Main" });

test("a member below the course's tier sees its title and the tier that opens it", async ({ page }) => {
  const member = await createTestUser({ membershipLevel: "connect" });
  await signInAs(page, member.username, TEST_PASSWORD);
  await page.goto("/home");
  await mainNav(page).getByRole("link", { name: "Courses" }).click();
  // The demo course for the Empower tier (src/db/seed/demo-courses.ts).
  await page.getByRole("link", { name: "Leading Without Burning Out" }).click();
  await expect(page.getByRole("heading", { name: "Leading Without Burning Out", level: 1 })).toBeVisible();
  await expect(page.getByTestId("gating-panel")).toContainText("This course is for Empower members and above.");
  await expect(page.getByRole("heading", { name: "Lessons" })).toHaveCount(0);
});
