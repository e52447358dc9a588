import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { createTestUser, TEST_PASSWORD } from "../support/db";
import { expect, expectAccessibleAtBothWidths, signInAs, test, toast } from "./fixtures";

// Courses, end to end: an admin builds a course with a sequential module and publishes it; a member of
// the right tier finds it from the header, is refused the second lesson until the first is complete,
// completes it and sees her progress.

const mainNav = (page: Page) => page.getByRole("navigation", { name: "Main" });

test("an admin builds and publishes a sequential course; a member takes it from the header, lesson by lesson", async ({
  page,
}) => {
  test.slow(); // two people, two editors and a dozen pages in one story
  const title = `Clay basics ${randomUUID().slice(0, 6)}`;
  const admin = await createTestUser({ isAdmin: true });
  await signInAs(page, admin.username, TEST_PASSWORD);

  // The admin, from the header's Admin menu.
  await page.goto("/forum");
  await mainNav(page).getByRole("button", { name: "Admin" }).click();
  await page.getByRole("list", { name: "Admin pages" }).getByRole("link", { name: "Courses" }).click();
  await expect(page.getByRole("heading", { name: "Courses", level: 1 })).toBeVisible();
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Summary").fill("Centre, open and pull your first cylinder.");
  await page.getByLabel("Who may take it").selectOption("create");
  await page.getByRole("button", { name: "Create Course" }).click();
  await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();

  await page.getByText("Add a module").click();
  await page.getByLabel("Module title").fill("Week one");
  await page.getByLabel("Opens").selectOption("after_previous");
  await page.getByRole("button", { name: "Add Module" }).click();
  await expect(page.getByRole("heading", { name: "Week one", level: 3 })).toBeVisible();
  await expect(page.getByText("Opens: after the previous lesson is complete")).toBeVisible();

  await page.getByText("Add a lesson to Week one").click();
  for (const lesson of ["Centring", "Opening"]) {
    await page.getByLabel("Lesson title").fill(lesson);
    await page.getByRole("button", { name: "Add Lesson" }).click();
    await expect(
      page.getByRole("list", { name: "Lessons of Week one" }).getByText(lesson, { exact: true }),
    ).toBeVisible();
  }

  // Each lesson's text, in the library's editor.
  for (const [lesson, words] of [
    ["Centring", "Wet your hands and lean in."],
    ["Opening", "Press your thumbs down to a finger's depth."],
  ]) {
    await page.getByRole("link", { name: `Edit ${lesson}` }).click();
    const editor = page.getByRole("textbox", { name: "Lesson" });
    await editor.click();
    await page.keyboard.type(words!);
    await page.getByRole("button", { name: "Save Lesson" }).click();
    await expect(toast(page)).toContainText("Lesson saved");
    await page.getByRole("link", { name: "Back to the course" }).click();
  }

  await page.getByLabel("Status").selectOption("published");
  await page.getByRole("button", { name: "Save Course" }).click();
  await expect(toast(page)).toContainText("Course saved");

  // The member, of the tier that opens it, from the header.
  const member = await createTestUser({ membershipLevel: "create" });
  await signInAs(page, member.username, TEST_PASSWORD);
  await page.goto("/home");
  await mainNav(page).getByRole("link", { name: "Courses" }).click();
  await expect(page.getByRole("heading", { name: "Courses", level: 1 })).toBeVisible();
  const card = page.getByRole("article").filter({ has: page.getByRole("link", { name: title }) });
  await expect(card.getByText("0 of 2 lessons complete")).toBeVisible();
  await expectAccessibleAtBothWidths(page, "/courses");
  await card.getByRole("link", { name: title }).click();

  await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();
  await expect(page.getByText("Opens when you complete “Centring”")).toBeVisible();
  await expectAccessibleAtBothWidths(page, "the course's outline");
  await page.getByRole("button", { name: "Start course" }).click();

  await expect(page.getByRole("heading", { name: "Centring", level: 1 })).toBeVisible();
  await expect(page.getByTestId("lesson-body")).toHaveText("Wet your hands and lean in.");

  // The second lesson is refused until the first is complete.
  await page.getByRole("link", { name: "Next: Opening" }).click();
  await expect(page.getByRole("heading", { name: "Opening", level: 1 })).toBeVisible();
  await expect(page.getByRole("heading", { name: "This lesson is not open yet" })).toBeVisible();
  await expect(page.getByText("Opens when you complete “Centring”.")).toBeVisible();
  await expect(page.getByTestId("lesson-body")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Mark complete" })).toHaveCount(0);

  await page.getByRole("link", { name: "Previous: Centring" }).click();
  const markComplete = page.getByRole("button", { name: "Mark complete" });
  await markComplete.click();
  await expect(toast(page)).toContainText("Lesson complete");
  const completed = page.getByRole("button", { name: "Completed" });
  await expect(completed).toHaveAttribute("aria-pressed", "true");
  await expect(completed).toBeFocused();
  await expect(page.getByText("1 of 2 lessons complete")).toBeVisible();
  await expectAccessibleAtBothWidths(page, "a completed lesson");

  await page.getByRole("link", { name: "Next: Opening" }).click();
  await expect(page.getByTestId("lesson-body")).toHaveText("Press your thumbs down to a finger's depth.");

  // Her progress on the course: the tick, the bar and "Continue" to the lesson she has not done.
  await page.getByRole("link", { name: `← ${title}` }).click();
  await expect(page.getByText("1 of 2 lessons complete")).toBeVisible();
  await expect(page.getByRole("link", { name: "Centring (complete)" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Continue: Opening" })).toHaveAttribute(
    "href",
    new RegExp(`/courses/[^/]+/opening$`),
  );
});

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
