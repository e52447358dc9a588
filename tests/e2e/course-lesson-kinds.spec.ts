import { randomUUID } from "node:crypto";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { FileChooser, Locator, Page } from "@playwright/test";
import { courses } from "@/db/schema";
import { demoPdf } from "@/db/seed/demo-pdf";
import { createTestUser, TEST_PASSWORD, testDb } from "../support/db";
import { answered, expect, expectAccessibleAtBothWidths, signInAs, standInVideoPlayers, test, toast } from "./fixtures";
import { expectFocusOn } from "./focus";

// A lesson's kinds in the admin's lesson form (docs/decisions/052-course-lesson-media.md). An administrator
// builds a course from /admin with a lesson of each kind: a video she uploads, a Vimeo video, a PDF and a
// library item with a file to download; an address from another video site is refused beside its field.
// She publishes it, and a member of its tier opens each lesson from the course's outline.

const mainNav = (page: Page) => page.getByRole("navigation", { name: "Main" });

/** The demo course's 8-second test pattern (src/db/seed/demo-course-media.ts), a real H.264 MP4. */
const VIDEO_FILE = path.join(process.cwd(), "src/db/seed/files/lesson-video.mp4");

/** The video's state in the page: whether it has read the file's length, and the length. */
const videoState = (video: Locator) =>
  video.evaluate((v: HTMLVideoElement) => ({ ready: v.readyState, duration: v.duration }));

const pdfFile = (name: string, title: string) => ({
  name,
  mimeType: "application/pdf",
  buffer: demoPdf(title, ["One page, for the lesson."]),
});

/**
 * Chooses a file as she does, from the field's own chooser; it uploads at once, and focus stays on the
 * field she used once the upload has shown (`uploaded`).
 */
async function uploadThrough(
  page: Page,
  field: Locator,
  file: Parameters<FileChooser["setFiles"]>[0],
  uploaded: Locator,
  what: string,
) {
  const chooser = page.waitForEvent("filechooser");
  await field.click();
  const answer = answered(page, "POST", /\/api\/uploads\/lesson-[a-z]+\?name=/);
  await (await chooser).setFiles(file);
  expect((await answer).status()).toBe(201);
  await expect(uploaded).toBeVisible();
  await expectFocusOn(page, field, what);
}

/** Saves the lesson form and checks it was saved, focus staying on the button. */
async function saveLesson(page: Page) {
  const save = page.getByRole("button", { name: "Save Lesson", exact: true });
  const saved = answered(page, "PUT", /\/api\/admin\/course-lessons\/\d+$/);
  await save.click();
  expect((await saved).status()).toBe(200);
  await expect(toast(page).filter({ hasText: "Lesson saved" })).toBeVisible();
  await expectFocusOn(page, save, "Save Lesson");
}

test("an admin adds a lesson of each kind through the lesson form; a member of the course's tier sees each", async ({
  page,
}) => {
  // Four lessons edited, three files uploaded and each lesson opened again as a member: more than a
  // minute on a busy machine.
  test.slow();
  await standInVideoPlayers(page);
  const title = `Glazing at home ${randomUUID().slice(0, 6)}`;
  const admin = await createTestUser({ isAdmin: true });
  await signInAs(page, admin.username, TEST_PASSWORD);
  try {
    // The admin, from the panel's sections.
    await page.goto("/admin");
    await page.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: "Courses" }).click();
    await expect(page.getByRole("heading", { name: "Courses", level: 1 })).toBeVisible();
    await page.getByLabel("Title", { exact: true }).fill(title);
    await page.getByLabel("Summary", { exact: true }).fill("Dip, pour and layer glazes in a home studio.");
    await page.getByLabel("Who may take it", { exact: true }).selectOption("create");
    await page.getByRole("button", { name: "Create Course", exact: true }).click();
    const heading = page.getByRole("heading", { name: title, level: 1 });
    await expectFocusOn(page, heading, "Create Course");

    await page.getByText("Add a module", { exact: true }).click();
    await page.getByLabel("Module title", { exact: true }).fill("Glazes");
    const addModule = page.getByRole("button", { name: "Add Module", exact: true });
    await addModule.click();
    await expect(page.getByRole("heading", { name: "Glazes", level: 3 })).toBeVisible();
    await expectFocusOn(page, addModule, "Add Module");

    await page.getByText("Add a lesson to Glazes", { exact: true }).click();
    const lessons = page.getByRole("list", { name: "Lessons of Glazes" });
    const addLesson = page.getByRole("button", { name: "Add Lesson", exact: true });
    for (const lesson of ["Dipping", "Pouring", "Glaze chart", "Layering"]) {
      await page.getByLabel("Lesson title", { exact: true }).fill(lesson);
      await addLesson.click();
      await expect(lessons.getByRole("link", { name: `Edit ${lesson}`, exact: true })).toBeVisible();
      await expectFocusOn(page, addLesson, "Add Lesson");
    }

    const editLesson = async (lesson: string) => {
      await lessons.getByRole("link", { name: `Edit ${lesson}`, exact: true }).click();
      await expect(page.getByRole("heading", { name: lesson, level: 1 })).toBeVisible();
    };
    const backToCourse = async () => {
      await page.getByRole("link", { name: "Back to the course", exact: true }).click();
      await expect(heading).toBeVisible();
    };
    const kind = page.getByLabel("Kind", { exact: true });

    // An uploaded video: its length is read from the file in her browser before she saves.
    await editLesson("Dipping");
    await kind.selectOption("video");
    const uploadedFile = page.getByRole("link", { name: "Open the uploaded file", exact: true });
    await uploadThrough(page, page.getByLabel("Video file", { exact: true }), VIDEO_FILE, uploadedFile, "the video");
    await expect(uploadedFile).toHaveAttribute("href", /^\/api\/files\/[\w-]+$/);
    const preview = page.getByLabel("The uploaded video", { exact: true });
    await expect.poll(async () => (await videoState(preview)).ready).toBeGreaterThanOrEqual(1);
    expect((await videoState(preview)).duration).toBeCloseTo(8, 0);
    await saveLesson(page);
    await backToCourse();

    // An embedded video: an address from a site the lesson cannot play is refused beside its field.
    await editLesson("Pouring");
    await kind.selectOption("video");
    const address = page.getByLabel("Or a YouTube or Vimeo address", { exact: true });
    await address.fill("https://www.dailymotion.com/video/x8pouring");
    const save = page.getByRole("button", { name: "Save Lesson", exact: true });
    await save.click();
    await expect(
      page.getByText("Please upload an MP4 or paste a YouTube or Vimeo address", { exact: true }),
    ).toBeVisible();
    await expect(address).toHaveAttribute("aria-invalid", "true");
    await expectFocusOn(page, address, "a refused Save Lesson");
    await expectAccessibleAtBothWidths(page, "the lesson form with a refused video address");
    await address.fill("https://vimeo.com/76979871");
    await expect(page.getByText("Please upload an MP4 or paste a YouTube or Vimeo address")).toHaveCount(0);
    await saveLesson(page);
    await backToCourse();

    // A PDF, uploaded.
    await editLesson("Glaze chart");
    await kind.selectOption("pdf");
    await uploadThrough(
      page,
      page.getByLabel("PDF", { exact: true }),
      pdfFile("Glaze chart.pdf", "Glaze chart"),
      uploadedFile,
      "the PDF",
    );
    await saveLesson(page);
    await backToCourse();

    // A library item chosen from the library's items, and a file to download.
    await editLesson("Layering");
    await kind.selectOption("library_item");
    await page.getByLabel("Library item", { exact: true }).selectOption({ label: "Collage for Visioning" });
    await uploadThrough(
      page,
      page.getByLabel("Downloads", { exact: true }),
      pdfFile("Layering notes.pdf", "Layering notes"),
      page.getByRole("link", { name: "Layering notes.pdf", exact: true }),
      "a download",
    );
    await expect(page.getByRole("button", { name: "Remove Layering notes.pdf", exact: true })).toBeVisible();
    await saveLesson(page);
    await backToCourse();

    await page.getByLabel("Status", { exact: true }).selectOption("published");
    const saveCourse = page.getByRole("button", { name: "Save Course", exact: true });
    const published = answered(page, "PUT", /\/api\/admin\/courses\/\d+$/);
    await saveCourse.click();
    expect((await published).status()).toBe(200);
    await expect(toast(page).filter({ hasText: "Course saved" })).toBeVisible();
    await expectFocusOn(page, saveCourse, "Save Course");

    // The member, of the course's tier, from the header; each lesson from the course's outline.
    const member = await createTestUser({ membershipLevel: "create" });
    await signInAs(page, member.username, TEST_PASSWORD);
    await page.goto("/home");
    await mainNav(page).getByRole("link", { name: "Courses", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Courses", level: 1 })).toBeVisible();
    await page.getByRole("link", { name: title, exact: true }).click();
    await expect(heading).toBeVisible();
    const openLesson = async (lesson: string) => {
      await page.getByRole("link", { name: lesson, exact: true }).click();
      await expect(page.getByRole("heading", { name: lesson, level: 1 })).toBeVisible();
    };
    const backToOutline = async () => {
      await page.getByRole("link", { name: `← ${title}`, exact: true }).click();
      await expect(heading).toBeVisible();
    };

    // The uploaded video in the player, its file served to her (the player reads its length), and it
    // completes by watching: no "Mark complete".
    await openLesson("Dipping");
    const video = page.getByTestId("video-player");
    await expect(video).toHaveAttribute("src", /^\/api\/files\/[\w-]+$/);
    await expect.poll(async () => (await videoState(video)).ready).toBeGreaterThanOrEqual(1);
    expect((await videoState(video)).duration).toBeCloseTo(8, 0);
    await expect(page.getByTestId("lesson-watch-status")).toHaveText(
      "This lesson is complete once you have watched 90% of the video.",
    );
    await expect(page.getByRole("button", { name: "Mark complete" })).toHaveCount(0);
    await backToOutline();

    // The Vimeo video in Vimeo's privacy-enhanced player: it cannot say how much she watched, so she
    // marks the lesson complete herself.
    await openLesson("Pouring");
    const embed = page.getByTestId("video-embed");
    await expect(embed).toHaveAttribute("src", "https://player.vimeo.com/video/76979871?dnt=1");
    await expect(embed).toHaveAttribute("title", "Video: Pouring");
    // The page's Content-Security-Policy lets the player's frame load.
    await expect(page.frameLocator('[data-testid="video-embed"]').getByText("player", { exact: true })).toBeVisible();
    await expect(page.getByTestId("video-player")).toHaveCount(0);
    await page.getByRole("button", { name: "Mark complete", exact: true }).click();
    await expect(toast(page).filter({ hasText: "Lesson complete" })).toBeVisible();
    await expectFocusOn(page, page.getByRole("button", { name: "Completed", exact: true }), "Mark complete");
    await backToOutline();
    await expect(page.getByRole("link", { name: "Pouring (complete)", exact: true })).toBeVisible();

    // The PDF, shown in the lesson with its download.
    await openLesson("Glaze chart");
    const pdf = page.getByTestId("pdf-embed");
    await expect(pdf).toBeVisible();
    const pdfUrl = await pdf.getAttribute("src");
    expect(pdfUrl).toMatch(/^\/api\/files\/[\w-]+$/);
    const downloadPdf = page.getByRole("link", { name: "Download PDF" });
    await expect(downloadPdf).toHaveAttribute("href", `${pdfUrl}?download=1`);
    const pdfDownload = page.waitForEvent("download");
    await downloadPdf.click();
    expect((await pdfDownload).suggestedFilename()).toBe("Glaze chart.pdf");
    await expect(page.getByRole("button", { name: "Mark complete", exact: true })).toBeVisible();
    await backToOutline();

    // The library item, named with its summary and a link to it, and the lesson's file under Downloads.
    await openLesson("Layering");
    const item = page.getByTestId("lesson-library-item");
    await expect(item.getByRole("heading", { name: "Collage for Visioning", level: 2 })).toBeVisible();
    await expect(item).toContainText("A gentle, low-stakes way to picture the year ahead");
    const downloads = page.getByRole("region", { name: "Downloads" });
    const notes = downloads.getByRole("link", { name: /Layering notes\.pdf/ });
    const notesDownload = page.waitForEvent("download");
    await notes.click();
    expect((await notesDownload).suggestedFilename()).toBe("Layering notes.pdf");
    await expect(page.getByRole("button", { name: "Mark complete", exact: true })).toBeVisible();
    await item.getByRole("link", { name: "Open in the library: Collage for Visioning", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Collage for Visioning", level: 1 })).toBeVisible();
    await expect(page.getByTestId("article-body")).toContainText("Make it ugly first.");
  } finally {
    // Other browser tests list the courses: the one made here goes.
    await testDb().delete(courses).where(eq(courses.title, title));
  }
});
