import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { contentItems, lessonCompletions, storedFiles } from "@/db/schema";
import { closeTestDb, createTestUser, TEST_PASSWORD, testDb } from "../support/db";
import { insertCourse } from "../support/courses";
import { call, signIn } from "../support/http";
import { testEnv } from "../support/env";

// A lesson's video, PDF, library item and downloads (docs/decisions/052-course-lesson-media.md): files
// served only to whoever may open the lesson (tier and unlock rule), byte ranges on the video, the 90%
// completion and her place in the video.

afterAll(closeTestDb);

const unique = () => randomUUID().slice(0, 8);
// The demo lesson's 8-second MP4 (src/db/seed/files), a real file the browser plays.
const MP4 = readFileSync(path.join(process.cwd(), "src/db/seed/files/lesson-video.mp4"));
const PDF = Buffer.from("%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n");
const DURATION = 8;

async function upload(purpose: string, name: string, body: Buffer, cookie: string) {
  const { baseUrl } = testEnv();
  const response = await fetch(`${baseUrl}/api/uploads/${purpose}?name=${name}`, {
    method: "POST",
    headers: { origin: baseUrl, cookie, "content-type": "application/octet-stream" },
    body: new Uint8Array(body),
  });
  return { status: response.status, json: await response.json().catch(() => undefined) };
}

/** The admin's lesson form, a text lesson unless `media` says otherwise. */
const lessonInput = (media: Record<string, unknown>) => ({
  title: `Lesson ${unique()}`,
  slug: `lesson-${unique()}`,
  content: "<p>Watch this first.</p>",
  unlockRule: null,
  unlockDays: null,
  unlockDate: null,
  kind: "text",
  videoUrl: null,
  videoDurationSeconds: null,
  pdfUrl: null,
  libraryItemId: null,
  files: [],
  ...media,
});

const lessonPath = (course: { slug: string }, lesson: { slug: string }) =>
  `/api/courses/${course.slug}/lessons/${lesson.slug}`;

describe("course lesson media", () => {
  let connect: string;
  let create: string;
  let admin: string;
  beforeAll(async () => {
    connect = await signIn((await createTestUser({ membershipLevel: "connect" })).username, TEST_PASSWORD);
    create = await signIn((await createTestUser({ membershipLevel: "create" })).username, TEST_PASSWORD);
    admin = await signIn((await createTestUser({ isAdmin: true })).username, TEST_PASSWORD);
  });

  /** A Create-tier course of two sequential lessons; the first made a video lesson by the admin's form. */
  async function videoCourse() {
    const course = await insertCourse({ level: "create", modules: [{ rule: "after_previous", lessons: [{}, {}] }] });
    const video = await upload("lesson-video", "warm-up.mp4", MP4, admin);
    expect(video.status).toBe(201);
    const [first, second] = course.lessons;
    const input = lessonInput({
      slug: first!.slug,
      kind: "video",
      videoUrl: video.json.url,
      videoDurationSeconds: DURATION,
    });
    expect(
      (await call(`/api/admin/course-lessons/${first!.id}`, { method: "PUT", body: input, cookie: admin })).status,
    ).toBe(200);
    return { course, first: first!, second: second!, videoUrl: video.json.url as string };
  }

  it("streams a lesson's video in byte ranges to her tier only, never to a lower tier", async () => {
    const { course, first, videoUrl } = await videoCourse();
    const [file] = await testDb()
      .select()
      .from(storedFiles)
      .where(eq(storedFiles.id, videoUrl.split("/").pop()!));
    expect(file).toMatchObject({
      access: "gated",
      gateKind: "course-lesson",
      gateId: first.id,
      purpose: "lesson-video",
    });

    const lesson = await call(lessonPath(course, first), { cookie: create });
    expect(lesson.status).toBe(200);
    expect(lesson.json.media.video).toEqual({
      kind: "file",
      url: videoUrl,
      durationSeconds: DURATION,
      positionSeconds: 0,
    });

    const part = await fetch(`${testEnv().baseUrl}${videoUrl}`, {
      headers: { cookie: create, range: "bytes=100-299" },
    });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe(`bytes 100-299/${MP4.length}`);
    expect(part.headers.get("content-type")).toBe("video/mp4");
    expect(Buffer.from(await part.arrayBuffer()).equals(MP4.subarray(100, 300))).toBe(true);
    expect((await call(videoUrl, { cookie: create, headers: { range: `bytes=${MP4.length}-` } })).status).toBe(416);

    // A lower tier: no lesson, and the file refused though she knows its address.
    expect((await call(lessonPath(course, first), { cookie: connect })).status).toBe(404);
    expect((await call(videoUrl, { cookie: connect, headers: { range: "bytes=0-99" } })).status).toBe(403);
    expect((await call(videoUrl)).status).toBe(401);
  });

  it("completes a video lesson only at 90% of its length, and keeps her place in it", async () => {
    const { course, first } = await videoCourse();
    const complete = (body?: unknown) =>
      call(`${lessonPath(course, first)}/complete`, { method: "POST", body, cookie: create });
    const done = () => testDb().select().from(lessonCompletions).where(eq(lessonCompletions.lessonId, first.id));

    const unwatched = await complete();
    expect(unwatched.status).toBe(422);
    expect(unwatched.json.error).toBe("Watch at least 90% of the video to complete this lesson.");
    expect((await complete({ positionSeconds: 0.89 * DURATION })).status).toBe(422);
    expect((await complete({ positionSeconds: -1 })).status).toBe(400);
    expect(await done()).toEqual([]);

    // Her place: saved, read back when she returns, never past the end.
    const saved = await call(`${lessonPath(course, first)}/position`, {
      method: "PUT",
      body: { positionSeconds: 3.5 },
      cookie: create,
    });
    expect(saved).toMatchObject({ status: 200, json: { positionSeconds: 3.5 } });
    expect((await call(lessonPath(course, first), { cookie: create })).json.media.video.positionSeconds).toBe(3.5);
    const past = await call(`${lessonPath(course, first)}/position`, {
      method: "PUT",
      body: { positionSeconds: 600 },
      cookie: create,
    });
    expect(past.json.positionSeconds).toBe(DURATION);
    // Not hers to save in a course her tier does not open: for her the lesson is not there (as reading it).
    expect(
      (
        await call(`${lessonPath(course, first)}/position`, {
          method: "PUT",
          body: { positionSeconds: 1 },
          cookie: connect,
        })
      ).status,
    ).toBe(404);

    const watched = await complete({ positionSeconds: 0.9 * DURATION });
    expect(watched.status).toBe(200);
    expect(watched.json.progress).toEqual({ completed: 1, total: 2 });
    expect(await done()).toHaveLength(1);
  });

  it("keeps a locked lesson's media and files from her until it opens", async () => {
    const { course, first, second } = await videoCourse();
    const pdf = await upload("lesson-pdf", "notes.pdf", PDF, admin);
    const extra = await upload("lesson-file", "worksheet.pdf", PDF, admin);
    const input = lessonInput({ slug: second.slug, kind: "pdf", pdfUrl: pdf.json.url, files: [extra.json.url] });
    expect(
      (await call(`/api/admin/course-lessons/${second.id}`, { method: "PUT", body: input, cookie: admin })).status,
    ).toBe(200);

    const locked = await call(lessonPath(course, second), { cookie: create });
    expect(locked.status).toBe(200);
    expect(locked.json.lock).not.toBeNull();
    expect(locked.json.media).toBeNull();
    expect(locked.text).not.toContain(pdf.json.id);
    expect((await call(pdf.json.url, { cookie: create })).status).toBe(403);
    expect((await call(extra.json.url, { cookie: create })).status).toBe(403);

    await call(`${lessonPath(course, first)}/complete`, {
      method: "POST",
      body: { positionSeconds: DURATION },
      cookie: create,
    });
    const open = await call(lessonPath(course, second), { cookie: create });
    expect(open.json.media.pdf).toMatchObject({ url: pdf.json.url, name: "notes.pdf", contentType: "application/pdf" });
    expect(open.json.media.files).toEqual([
      { url: extra.json.url, name: "worksheet.pdf", contentType: "application/pdf", sizeBytes: PDF.length },
    ]);
    const shown = await call(pdf.json.url, { cookie: create });
    expect(shown.status).toBe(200);
    expect(shown.headers.get("content-disposition")).toBe('inline; filename="notes.pdf"');
    const downloaded = await call(`${extra.json.url}?download=1`, { cookie: create });
    expect(downloaded.status).toBe(200);
    expect(downloaded.headers.get("content-disposition")).toBe('attachment; filename="worksheet.pdf"');
    // A lower tier, even with the addresses.
    expect((await call(extra.json.url, { cookie: connect })).status).toBe(403);

    // A download removed from the lesson is deleted.
    const emptied = { ...input, files: [] };
    expect(
      (await call(`/api/admin/course-lessons/${second.id}`, { method: "PUT", body: emptied, cookie: admin })).status,
    ).toBe(200);
    expect((await call(extra.json.url, { cookie: admin })).status).toBe(404);
  });

  it("links a library item only when her tier opens it, and never names a higher tier's item", async () => {
    const course = await insertCourse({ level: null, modules: [{ rule: "immediately", lessons: [{}, {}] }] });
    const [item] = await testDb()
      .insert(contentItems)
      .values({
        title: `Empower secrets ${unique()}`,
        slug: `empower-${unique()}`,
        summary: "For Empower only.",
        contentType: "article",
        isPublic: false,
        requiredMembershipLevel: "empower",
        status: "published",
        publishedAt: new Date(),
      })
      .returning();
    const [first] = course.lessons;
    const input = lessonInput({ slug: first!.slug, kind: "library_item", libraryItemId: item!.id });
    expect(
      (await call(`/api/admin/course-lessons/${first!.id}`, { method: "PUT", body: input, cookie: admin })).status,
    ).toBe(200);

    const below = await call(lessonPath(course, first!), { cookie: create });
    expect(below.json.media).toMatchObject({ kind: "library_item", libraryItem: null, libraryItemClosed: true });
    expect(below.text).not.toContain(item!.title);
    expect(below.text).not.toContain(item!.slug);

    const empower = await signIn((await createTestUser({ membershipLevel: "empower" })).username, TEST_PASSWORD);
    const opened = await call(lessonPath(course, first!), { cookie: empower });
    expect(opened.json.media.libraryItem).toMatchObject({ id: item!.id, title: item!.title, slug: item!.slug });
  });

  it("checks the admin's lesson: each kind's media, allowed video hosts, her own uploads, administrators only", async () => {
    const course = await insertCourse({ modules: [{ rule: "immediately", lessons: [{}] }] });
    const [lesson] = course.lessons;
    const put = (body: unknown, cookie = admin) =>
      call(`/api/admin/course-lessons/${lesson!.id}`, { method: "PUT", body, cookie });

    const missing = await put(lessonInput({ kind: "video" }));
    expect(missing.status).toBe(400);
    expect(missing.json.fields.videoUrl).toBe("Please upload a video or paste a YouTube or Vimeo address");
    const elsewhere = await put(lessonInput({ kind: "video", videoUrl: "https://videos.example.com/a.mp4" }));
    expect(elsewhere.json.fields.videoUrl).toBe("Please upload an MP4 or paste a YouTube or Vimeo address");
    expect((await put(lessonInput({ kind: "pdf" }))).json.fields.pdfUrl).toBe("Please upload a PDF");
    expect((await put(lessonInput({ kind: "library_item" }))).json.fields.libraryItemId).toBe(
      "Please choose a library item",
    );

    // An embed from an allowed host plays in the provider's privacy-enhanced player.
    const embedded = lessonInput({ slug: lesson!.slug, kind: "video", videoUrl: "https://youtu.be/aqz-KE-bpKQ" });
    expect((await put(embedded)).status).toBe(200);
    const member = await signIn((await createTestUser({ membershipLevel: "connect" })).username, TEST_PASSWORD);
    expect((await call(lessonPath(course, lesson!), { cookie: member })).json.media.video).toEqual({
      kind: "youtube",
      url: "https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ",
      durationSeconds: null,
      positionSeconds: 0,
    });

    // Members cannot upload lesson files, nor can an admin use another's upload.
    expect((await upload("lesson-video", "v.mp4", MP4, member)).status).toBe(403);
    const otherAdmin = await signIn((await createTestUser({ isAdmin: true })).username, TEST_PASSWORD);
    const theirs = await upload("lesson-pdf", "theirs.pdf", PDF, otherAdmin);
    const taken = await put(lessonInput({ slug: lesson!.slug, kind: "pdf", pdfUrl: theirs.json.url }));
    expect(taken.status).toBe(400);
    expect(taken.json.fields.pdfUrl).toBe("This file cannot be used here. Please upload it again.");
    expect((await put(lessonInput({ kind: "text" }), member)).status).toBe(403);
  });
});
