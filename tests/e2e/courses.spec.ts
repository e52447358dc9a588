import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Page } from "@playwright/test";
import { courses } from "@/db/schema";
import { createTestUser, TEST_PASSWORD, testDb } from "../support/db";
import { answered, expect, expectAccessibleAtBothWidths, openFromAdminMenu, signInAs, test, toast } from "./fixtures";
import { expectFocusOn } from "./focus";

// Courses from the header. An admin builds a course with a sequential module and publishes it; a member
// of its tier finds it from the header, is refused the second lesson until the first is complete,
// completes both and sees her progress. A member below a course's tier, or below its member level,
// sees what opens it.

const mainNav = (page: Page) => page.getByRole("navigation", { name: "Main" });

test("an admin builds and publishes a sequential course; a member takes it from the header, lesson by lesson", async ({
  page,
}) => {
  // Two people's journeys through a dozen pages, with axe six times: more than a minute on a busy machine.
  test.slow();
  const title = `Clay basics ${randomUUID().slice(0, 6)}`;
  const admin = await createTestUser({ isAdmin: true });
  await signInAs(page, admin.username, TEST_PASSWORD);
  try {
    // The admin, from the header's Admin menu.
    await page.goto("/home");
    await openFromAdminMenu(page, "Courses");
    await expect(page.getByRole("heading", { name: "Courses", level: 1 })).toBeVisible();
    await page.getByLabel("Title", { exact: true }).fill(title);
    await page.getByLabel("Summary", { exact: true }).fill("Centre, open and pull your first cylinder.");
    await page.getByLabel("Who may take it", { exact: true }).selectOption("create");
    await page.getByRole("button", { name: "Create Course", exact: true }).click();
    const heading = page.getByRole("heading", { name: title, level: 1 });
    await expect(heading).toBeVisible();
    await expect(page.getByLabel("Required level", { exact: true })).toHaveValue("");
    await expectFocusOn(page, heading, "Create Course");
    // axe reads the editor from its top, without the toast: at 320 px the sticky header (once scrolled)
    // and "Course created" lie over the section links.
    await toast(page).getByRole("button", { name: "Dismiss notification" }).click();
    await page.evaluate(() => window.scrollTo(0, 0));
    await expectAccessibleAtBothWidths(page, "the course editor");

    await page.getByText("Add a module", { exact: true }).click();
    await page.getByLabel("Module title", { exact: true }).fill("Week one");
    await page.getByLabel("Opens", { exact: true }).selectOption("after_previous");
    const addModule = page.getByRole("button", { name: "Add Module", exact: true });
    await addModule.click();
    await expect(page.getByRole("heading", { name: "Week one", level: 3 })).toBeVisible();
    await expect(page.getByText("Opens: after the previous lesson is complete", { exact: true })).toBeVisible();
    await expectFocusOn(page, addModule, "Add Module");

    await page.getByText("Add a lesson to Week one", { exact: true }).click();
    const lessons = page.getByRole("list", { name: "Lessons of Week one" });
    const addLesson = page.getByRole("button", { name: "Add Lesson", exact: true });
    for (const lesson of ["Centring", "Opening"]) {
      await page.getByLabel("Lesson title", { exact: true }).fill(lesson);
      await addLesson.click();
      await expect(lessons.getByRole("link", { name: `Edit ${lesson}`, exact: true })).toBeVisible();
      await expectFocusOn(page, addLesson, "Add Lesson");
    }

    // Each lesson's text, in the library's rich text editor.
    for (const [lesson, words] of [
      ["Centring", "Wet your hands and lean in."],
      ["Opening", "Press your thumbs down to a finger's depth."],
    ] as const) {
      await lessons.getByRole("link", { name: `Edit ${lesson}`, exact: true }).click();
      await expect(page.getByRole("heading", { name: lesson, level: 1 })).toBeVisible();
      const editor = page.getByRole("textbox", { name: "Lesson", exact: true });
      await editor.click();
      await editor.pressSequentially(words);
      const save = page.getByRole("button", { name: "Save Lesson", exact: true });
      const saved = answered(page, "PUT", /\/api\/admin\/course-lessons\/\d+$/);
      await save.click();
      expect((await saved).status()).toBe(200);
      await expect(toast(page)).toContainText("Lesson saved");
      await expectFocusOn(page, save, "Save Lesson");
      await page.getByRole("link", { name: "Back to the course", exact: true }).click();
      await expect(heading).toBeVisible();
    }

    await page.getByLabel("Status", { exact: true }).selectOption("published");
    const saveCourse = page.getByRole("button", { name: "Save Course", exact: true });
    const published = answered(page, "PUT", /\/api\/admin\/courses\/\d+$/);
    await saveCourse.click();
    expect((await published).status()).toBe(200);
    await expect(toast(page)).toContainText("Course saved");
    await expectFocusOn(page, saveCourse, "Save Course");

    // The member, of the tier that opens it, from the header.
    const member = await createTestUser({ membershipLevel: "create" });
    await signInAs(page, member.username, TEST_PASSWORD);
    await page.goto("/home");
    await mainNav(page).getByRole("link", { name: "Courses", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Courses", level: 1 })).toBeVisible();
    const card = page.getByRole("article").filter({ has: page.getByRole("link", { name: title, exact: true }) });
    await expect(card.getByText("0 of 2 lessons complete", { exact: true })).toBeVisible();
    // The demo course from member level 4 (src/db/seed/demo-courses.ts): she has no points yet.
    await expect(
      page.getByRole("article").filter({ has: page.getByRole("link", { name: "Mentoring Newer Members" }) }),
    ).toContainText("Opens at level 4: Helper");
    await card.getByRole("link", { name: title, exact: true }).click();

    await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();
    await expect(page.getByText("Opens when you complete “Centring”", { exact: true })).toBeVisible();
    await expectAccessibleAtBothWidths(page, "the course page");
    await page.getByRole("button", { name: "Start course", exact: true }).click();

    // "Start course" takes her to the first lesson, its heading focused.
    await expectFocusOn(page, page.getByRole("heading", { name: "Centring", level: 1 }), "Start course");
    await expect(page.getByTestId("lesson-body")).toHaveText("Wet your hands and lean in.");

    // The second lesson is refused until the first is complete, and says why.
    await page.getByRole("link", { name: "Next: Opening", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Opening", level: 1 })).toBeVisible();
    const locked = page.getByTestId("lesson-locked");
    await expect(locked.getByRole("heading", { name: "This lesson is not open yet" })).toBeVisible();
    await expect(locked).toContainText("Opens when you complete “Centring”.");
    await expect(page.getByTestId("lesson-body")).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Mark complete" })).toHaveCount(0);

    await page.getByRole("link", { name: "Previous: Centring", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Centring", level: 1 })).toBeVisible();
    await page.getByRole("button", { name: "Mark complete", exact: true }).click();
    await expect(toast(page)).toContainText("Lesson complete");
    const completed = page.getByRole("button", { name: "Completed", exact: true });
    await expect(completed).toHaveAttribute("aria-pressed", "true");
    await expectFocusOn(page, completed, "Mark complete");
    await expect(page.getByText("1 of 2 lessons complete", { exact: true })).toBeVisible();
    await expectAccessibleAtBothWidths(page, "a completed lesson");

    await page.getByRole("link", { name: "Next: Opening", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Opening", level: 1 })).toBeVisible();
    await expect(page.getByTestId("lesson-body")).toHaveText("Press your thumbs down to a finger's depth.");
    await page.getByRole("button", { name: "Mark complete", exact: true }).click();
    await expect(toast(page)).toContainText("Course complete");
    await expectFocusOn(page, page.getByRole("button", { name: "Completed", exact: true }), "the last Mark complete");

    // Her progress on the course list: the course complete, 100 %.
    await mainNav(page).getByRole("link", { name: "Courses", exact: true }).click();
    await expect(card.getByText("2 of 2 lessons complete", { exact: true })).toBeVisible();
    await expect(card.getByText("Completed", { exact: true })).toBeVisible();
    await expect(card.getByRole("progressbar", { name: `Your progress in ${title}` })).toHaveAttribute(
      "aria-valuetext",
      "2 of 2 (100%)",
    );
  } finally {
    // Other browser tests list the courses: the one made here goes.
    await testDb().delete(courses).where(eq(courses.title, title));
  }
});

test("a member below the course's tier sees its title and the tier that opens it", async ({ page }) => {
  const member = await createTestUser({ membershipLevel: "connect" });
  await signInAs(page, member.username, TEST_PASSWORD);
  await page.goto("/home");
  await mainNav(page).getByRole("link", { name: "Courses", exact: true }).click();
  // The demo course for the Empower tier (src/db/seed/demo-courses.ts).
  await page.getByRole("link", { name: "Leading Without Burning Out" }).click();
  await expect(page.getByRole("heading", { name: "Leading Without Burning Out", level: 1 })).toBeVisible();
  await expect(page.getByTestId("gating-panel")).toContainText("This course is for Empower members and above.");
  await expect(page.getByRole("heading", { name: "Lessons" })).toHaveCount(0);
});
