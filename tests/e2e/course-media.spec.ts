import type { Locator, Page } from "@playwright/test";
import { createTestUser, TEST_PASSWORD } from "../support/db";
import { expect, expectAccessibleAtBothWidths, signInAs, test, toast } from "./fixtures";

// A lesson's video and PDF (docs/decisions/052-course-lesson-media.md), on the demo course's "Tools"
// module (src/db/seed/demo-courses.ts): a member of its tier finds the video lesson from the header,
// plays it and skips ahead past 90%, and the lesson completes by itself; then the PDF lesson, its
// download and the lesson's own file.

const COURSE = "Finding Your Creative Rhythm";
const mainNav = (page: Page) => page.getByRole("navigation", { name: "Main" });

/** The video's state in the page: what a member sees it do. */
const videoState = (video: Locator) =>
  video.evaluate((v: HTMLVideoElement) => ({ ready: v.readyState, time: v.currentTime, duration: v.duration }));

test("a member watches a video lesson past 90% and it completes; a PDF lesson shows its PDF and downloads", async ({
  page,
}) => {
  const member = await createTestUser({ membershipLevel: "create" });
  await signInAs(page, member.username, TEST_PASSWORD);
  await page.goto("/home");
  await mainNav(page).getByRole("link", { name: "Courses", exact: true }).click();
  // The course's card (a library article shares its title).
  await page
    .getByRole("link", { name: COURSE, exact: true })
    .and(page.locator('[href="/courses/finding-your-creative-rhythm"]'))
    .click();
  await expect(page.getByRole("heading", { name: COURSE, level: 1 })).toBeVisible();
  await page.getByRole("link", { name: "A creative warm-up", exact: true }).click();
  await expect(page.getByRole("heading", { name: "A creative warm-up", level: 1 })).toBeVisible();

  // An uploaded video completes by watching: no "Mark complete".
  const video = page.getByTestId("video-player");
  await expect(page.getByTestId("lesson-watch-status")).toHaveText(
    "This lesson is complete once you have watched 90% of the video.",
  );
  await expect(page.getByRole("button", { name: "Mark complete" })).toHaveCount(0);
  await expectAccessibleAtBothWidths(page, "a video lesson");

  // It plays (the file streamed in byte ranges), and she skips ahead past 90%.
  await video.evaluate((v: HTMLVideoElement) => {
    v.muted = true;
    return v.play();
  });
  await expect.poll(async () => (await videoState(video)).time).toBeGreaterThan(0);
  const { duration } = await videoState(video);
  expect(duration).toBeCloseTo(8, 0);
  await video.evaluate((v: HTMLVideoElement) => {
    v.currentTime = v.duration * 0.95;
  });
  await expect(toast(page)).toContainText("Lesson complete");
  await expect(page.getByTestId("lesson-watch-status")).toHaveText("Completed");

  // Ticked in the course's outline.
  await page.getByRole("link", { name: `← ${COURSE}` }).click();
  await expect(page.getByRole("heading", { name: COURSE, level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: "A creative warm-up (complete)", exact: true })).toBeVisible();

  // The PDF lesson: the PDF shown, its download, and the lesson's own file.
  await page.getByRole("link", { name: "The energy map worksheet", exact: true }).click();
  await expect(page.getByRole("heading", { name: "The energy map worksheet", level: 1 })).toBeVisible();
  await expect(page.getByTestId("pdf-embed")).toBeVisible();
  await expect(page.getByRole("link", { name: "Download PDF" })).toHaveAttribute(
    "href",
    /\/api\/files\/[\w-]+\?download=1$/,
  );
  const downloads = page.getByRole("region", { name: "Downloads" });
  const log = downloads.getByRole("link", { name: /Session Log\.pdf/ });
  await expect(log).toBeVisible();
  const download = page.waitForEvent("download");
  await log.click();
  expect((await download).suggestedFilename()).toBe("Session Log.pdf");
  await expect(page.getByRole("button", { name: "Mark complete", exact: true })).toBeVisible();
  await expectAccessibleAtBothWidths(page, "a PDF lesson with downloads");
});
