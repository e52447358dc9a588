import { eq } from "drizzle-orm";
import type { Locator, Page } from "@playwright/test";
import { courses } from "@/db/schema";
import { createTestUser, TEST_PASSWORD, testDb } from "../support/db";
import { insertCourse } from "../support/courses";
import { answered, expect, expectAccessibleAtBothWidths, openFromAdminMenu, signInAs, test, toast } from "./fixtures";
import { expectFocusOn } from "./focus";

// A course's community and its admin (docs/decisions/054-course-discussion-and-admin.md): a member talks
// under a lesson she reached from the courses list; an administrator reorders the outline by dragging and
// from the keyboard, and previews the course as a tier.

const mainNav = (page: Page) => page.getByRole("navigation", { name: "Main" });

test("a member comments under a lesson she reached from the courses list", async ({ page }) => {
  const course = await insertCourse({ modules: [{ rule: "immediately", lessons: [{}, {}] }] });
  try {
    const member = await createTestUser({ membershipLevel: "connect" });
    await signInAs(page, member.username, TEST_PASSWORD);
    await page.goto("/home");
    await mainNav(page).getByRole("link", { name: "Courses", exact: true }).click();
    await page.getByRole("link", { name: course.title, exact: true }).click();
    await expect(page.getByRole("heading", { name: course.title, level: 1 })).toBeVisible();
    await page.getByRole("link", { name: "Lesson 1", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Lesson 1", level: 1 })).toBeVisible();

    const discussion = page.getByRole("region", { name: "Discussion" });
    await expect(discussion.getByText("No comments yet. Be the first to share your thoughts.")).toBeVisible();
    const field = discussion.getByLabel("Add a comment", { exact: true });
    await field.fill("The breathing exercise helped me start.");
    const posted = answered(page, "POST", /\/api\/courses\/[^/]+\/lessons\/lesson-1\/comments$/);
    await discussion.getByRole("button", { name: "Post Comment", exact: true }).click();
    expect((await posted).status()).toBe(201);
    await expect(toast(page)).toContainText("Comment posted");
    await expect(discussion.getByTestId("lesson-comment")).toContainText("The breathing exercise helped me start.");
    await expect(field).toHaveValue("");
    await expectFocusOn(page, field, "Post Comment");
    await toast(page).getByRole("button", { name: "Dismiss notification" }).click();
    await expectAccessibleAtBothWidths(page, "a lesson's discussion");

    // Another lesson's discussion is its own.
    await page.getByRole("link", { name: "Next: Lesson 2", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Lesson 2", level: 1 })).toBeVisible();
    await expect(
      page
        .getByRole("region", { name: "Discussion" })
        .getByText("No comments yet. Be the first to share your thoughts."),
    ).toBeVisible();
  } finally {
    await testDb().delete(courses).where(eq(courses.id, course.id));
  }
});

/** The lessons' titles, in the order the outline editor shows them. */
const titlesIn = (list: Locator) => list.getByRole("listitem").locator("span.font-medium").allTextContents();

test("an admin reorders lessons from the keyboard and by dragging their handles, and previews the course as a tier", async ({
  page,
}) => {
  const course = await insertCourse({ level: "create", modules: [{ rule: "immediately", lessons: [{}, {}, {}] }] });
  try {
    const admin = await createTestUser({ isAdmin: true });
    await signInAs(page, admin.username, TEST_PASSWORD);
    await page.goto("/home");
    await openFromAdminMenu(page, "Courses");
    await page.getByRole("link", { name: course.title, exact: true }).click();
    await expect(page.getByRole("heading", { name: course.title, level: 1 })).toBeVisible();
    const lessons = page.getByRole("list", { name: "Lessons of Module 1" });
    expect(await titlesIn(lessons)).toEqual(["Lesson 1", "Lesson 2", "Lesson 3"]);
    await expectAccessibleAtBothWidths(page, "the outline editor with its drag handles");

    // From the keyboard: Down moves it one place, and focus stays on the button she pressed.
    const down = lessons.getByRole("button", { name: "Move Lesson 1 down", exact: true });
    await down.focus();
    const moved = answered(page, "POST", /\/api\/admin\/course-lessons\/\d+\/move$/);
    await page.keyboard.press("Enter");
    expect((await moved).status()).toBe(200);
    await expect.poll(() => titlesIn(lessons)).toEqual(["Lesson 2", "Lesson 1", "Lesson 3"]);
    await expectFocusOn(page, down, "Move Lesson 1 down");

    // With a mouse: Lesson 3's handle pressed, moved past dnd-kit's 5 px start and up onto Lesson 2's
    // place, and let go. The new order shows and is saved.
    const handle = (title: string) =>
      lessons.getByRole("listitem").filter({ hasText: title }).getByTestId("drag-handle");
    const handleOf = async (title: string) => (await handle(title).boundingBox())!;
    // The mouse works in the window: the list is brought to its middle at once, clear of the sticky header
    // (CI: the page was still scrolling smoothly after the keyboard move, Lesson 2 went under the header
    // and the press selected text instead).
    await lessons.evaluate((list) => list.scrollIntoView({ block: "center", behavior: "instant" }));
    const from = await handleOf("Lesson 3");
    const to = await handleOf("Lesson 2");
    const dragged = answered(page, "PUT", /\/api\/admin\/course-modules\/\d+\/lesson-order$/);
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 - 10, { steps: 4 });
    await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2 - 4, { steps: 12 });
    await page.mouse.up();
    expect((await dragged).status()).toBe(200);
    await expect.poll(() => titlesIn(lessons)).toEqual(["Lesson 3", "Lesson 2", "Lesson 1"]);
    await page.reload();
    await expect.poll(() => titlesIn(lessons)).toEqual(["Lesson 3", "Lesson 2", "Lesson 1"]);

    // Preview as a tier: below the course's tier it is locked; at it, its lessons open.
    await page.getByRole("link", { name: "Preview as a tier", exact: true }).click();
    await expect(page.getByRole("heading", { name: `Preview: ${course.title}`, level: 1 })).toBeVisible();
    await expect(page.getByTestId("preview-gate")).toContainText("this course opens to Create members and above");
    await page.getByLabel("Preview as", { exact: true }).selectOption("create");
    await page.getByRole("button", { name: "Show preview", exact: true }).click();
    await expect(page.getByTestId("preview-lesson")).toHaveCount(3);
    await page.getByRole("link", { name: "Lesson 3", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Lesson 3", level: 2 })).toBeVisible();
    await expect(page.getByText("Words of lesson-3", { exact: true })).toBeVisible();
    await expectAccessibleAtBothWidths(page, "the course preview");
  } finally {
    await testDb().delete(courses).where(eq(courses.id, course.id));
  }
});
