import { and, eq, isNull } from "drizzle-orm";
import type { Page } from "@playwright/test";
import { courseQuizAttempts, courses } from "@/db/schema";
import { createTestUser, TEST_PASSWORD, testDb } from "../support/db";
import { insertCourse } from "../support/courses";
import { insertQuiz } from "../support/course-quizzes";
import { expect, expectAccessibleAtBothWidths, openFromAdminMenu, signInAs, test, toast } from "./fixtures";
import { expectFocusOn } from "./focus";

// A lesson's quiz (docs/decisions/053-course-quizzes.md). From the courses list, a member opens a
// course whose first lesson has a quiz, fails it, sees her score and which question was wrong (not the
// answer), changes that answer, passes, and finds the lesson ticked in the course's outline.

const mainNav = (page: Page) => page.getByRole("navigation", { name: "Main" });

test("a member fails a lesson's quiz, sees why, retries, passes and sees the lesson ticked", async ({ page }) => {
  const course = await insertCourse({ modules: [{ rule: "after_previous", lessons: [{}, {}] }] });
  await insertQuiz(course.lessons[0]!.id, { passMark: 100 });
  try {
    const member = await createTestUser({ membershipLevel: "create" });
    await signInAs(page, member.username, TEST_PASSWORD);
    await page.goto("/home");
    await mainNav(page).getByRole("link", { name: "Courses", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Courses", level: 1 })).toBeVisible();
    await page.getByRole("link", { name: course.title, exact: true }).click();
    await expect(page.getByRole("heading", { name: course.title, level: 1 })).toBeVisible();
    await page.getByRole("link", { name: "Lesson 1", exact: true }).click();

    await expect(page.getByRole("heading", { name: "Lesson 1", level: 1 })).toBeVisible();
    const quiz = page.getByRole("region", { name: "Quiz" });
    await expect(quiz.getByText("2 questions. You pass with 100% or more", { exact: false })).toBeVisible();
    await expect(page.getByRole("button", { name: "Mark complete" })).toHaveCount(0);
    await expectAccessibleAtBothWidths(page, "a lesson's quiz");

    // One question right, one not: 50 %.
    const sky = quiz.getByRole("group", { name: "1. Which colour is the sky?" });
    const fruits = quiz.getByRole("group", { name: "2. Which are fruits?" });
    await sky.getByRole("radio", { name: "Blue" }).check();
    await fruits.getByRole("checkbox", { name: "Apple" }).check();
    await quiz.getByRole("button", { name: "Submit answers", exact: true }).click();
    const failed = page.getByRole("heading", { name: "Not passed: you scored 50%", level: 3 });
    await expectFocusOn(page, failed, "Submit answers (a fail)");
    const result = page.getByRole("region", { name: "Not passed: you scored 50%" });
    await expect(result).toContainText("You need 100% to pass. One question is not right yet: question 2.");
    await expect(fruits).toContainText("Not right yet");
    await expect(sky).toContainText("Right");
    await expectAccessibleAtBothWidths(page, "a failed quiz");

    // She adds the answer she missed, and passes.
    await fruits.getByRole("checkbox", { name: "Pear" }).check();
    await quiz.getByRole("button", { name: "Submit answers", exact: true }).click();
    const passed = page.getByRole("heading", { name: "Passed: you scored 100%", level: 3 });
    await expectFocusOn(page, passed, "Submit answers (a pass)");
    await expect(page.getByRole("region", { name: "Passed: you scored 100%" })).toContainText(
      "This lesson is complete.",
    );
    await expect(page.getByText("1 of 2 lessons complete", { exact: true })).toBeVisible();
    await expect(quiz.getByRole("button", { name: "Submit answers" })).toHaveCount(0);
    await expect(passed).toBeFocused();

    // The outline ticks the lesson, and the next one opens.
    await page.getByRole("link", { name: `← ${course.title}` }).click();
    await expect(page.getByRole("heading", { name: course.title, level: 1 })).toBeVisible();
    await expect(page.getByRole("link", { name: "Lesson 1 (complete)", exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: "Lesson 2", exact: true })).toBeVisible();
  } finally {
    // Other browser tests list the courses: the one made here goes.
    await testDb().delete(courses).where(eq(courses.id, course.id));
  }
});

test("an admin writes a lesson's quiz in its editor, then gives a member who used every attempt another try", async ({
  page,
}) => {
  const course = await insertCourse({ modules: [{ rule: "immediately", lessons: [{}] }] });
  const lessonId = course.lessons[0]!.id;
  try {
    const admin = await createTestUser({ isAdmin: true });
    await signInAs(page, admin.username, TEST_PASSWORD);
    await page.goto("/home");
    await openFromAdminMenu(page, "Courses");
    await page.getByRole("link", { name: course.title, exact: true }).click();
    await page.getByRole("link", { name: "Edit Lesson 1", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Lesson 1", level: 1 })).toBeVisible();

    // One question, the first of its two answers right (as a new question starts), one attempt allowed.
    const editor = page.getByRole("region", { name: "Quiz" });
    await editor.getByRole("button", { name: "Add a quiz", exact: true }).click();
    await expect(editor.getByLabel("Question 1", { exact: true })).toBeFocused();
    await editor.getByLabel("Question 1", { exact: true }).fill("Which colour is the sky?");
    await editor.getByLabel("Answer 1", { exact: true }).fill("Blue");
    await editor.getByLabel("Answer 2", { exact: true }).fill("Green");
    await editor.getByLabel("Attempts allowed", { exact: true }).fill("1");
    await editor.getByRole("button", { name: "Save Quiz", exact: true }).click();
    await expect(toast(page).filter({ hasText: "Quiz saved" })).toBeVisible();
    const outOfAttempts = page.getByRole("region", { name: "Members out of attempts" });
    await expect(outOfAttempts).toContainText("No member has used every attempt without passing.");

    // A member answers wrong once (her side of the quiz has its own test above) and has no attempt left.
    const her = await createTestUser({ firstName: "Ines" });
    await testDb().insert(courseQuizAttempts).values({ userId: her.id, lessonId, score: 0, passed: false });
    await page.reload();
    const hers = outOfAttempts.getByRole("listitem");
    await expect(hers).toHaveCount(1);
    await expect(hers).toContainText(`Ines ${her.lastName} @${her.username}`);
    await expect(hers).toContainText("1 attempt, best 0%");
    await expectAccessibleAtBothWidths(page, "the lesson's quiz editor with a member out of attempts");

    const given = page.waitForResponse((response) =>
      response.url().endsWith(`/api/admin/course-lessons/${lessonId}/quiz/retries`),
    );
    await hers.getByRole("button", { name: `Allow another try for Ines ${her.lastName}`, exact: true }).click();
    expect((await given).status()).toBe(200);
    await expect(toast(page).filter({ hasText: "Another try given" })).toBeVisible();
    await expect(outOfAttempts).toContainText("No member has used every attempt without passing.");
    await expectFocusOn(
      page,
      page.getByRole("heading", { name: "Members out of attempts", level: 2 }),
      "Allow another try",
    );
    const uncleared = await testDb()
      .select()
      .from(courseQuizAttempts)
      .where(and(eq(courseQuizAttempts.userId, her.id), isNull(courseQuizAttempts.clearedAt)));
    expect(uncleared).toEqual([]);
  } finally {
    await testDb().delete(courses).where(eq(courses.id, course.id));
  }
});
