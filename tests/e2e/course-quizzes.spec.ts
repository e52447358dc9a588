import { eq } from "drizzle-orm";
import type { Page } from "@playwright/test";
import { courses } from "@/db/schema";
import { createTestUser, TEST_PASSWORD, testDb } from "../support/db";
import { insertCourse } from "../support/courses";
import { insertQuiz } from "../support/course-quizzes";
import { expect, expectAccessibleAtBothWidths, signInAs, test } from "./fixtures";
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
