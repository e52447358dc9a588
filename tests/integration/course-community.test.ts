import { and, eq, sql } from "drizzle-orm";
import { courseEnrolments, emailOutbox, notifications } from "@/db/schema";
import { closeInProcessApp } from "../support/in-process";
import { createTestUser, TEST_PASSWORD, testDb } from "../support/db";
import { insertCourse } from "../support/courses";
import { call, signIn } from "../support/http";

// A course's community and its admin (docs/decisions/054-course-discussion-and-admin.md): a lesson's
// discussion only for members it is open to, the notice that a lesson opened (once, as she chose),
// where members stop, and the admin's preview as a tier.

afterAll(closeInProcessApp);

const DAY = 86_400_000;
const lessonPath = (course: { slug: string }, lesson: string) => `/api/courses/${course.slug}/lessons/${lesson}`;

async function member(membershipLevel: string) {
  const user = await createTestUser({ membershipLevel });
  return { user, cookie: await signIn(user.username, TEST_PASSWORD) };
}

const noticesOf = (userId: number) =>
  testDb()
    .select({ title: notifications.title, url: notifications.url, kind: notifications.kind })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.kind, "lesson_opened")));

async function runNoticeJob() {
  const { sendLessonOpenedNotices } = await import("@/server/courses");
  return sendLessonOpenedNotices();
}

describe("a lesson's discussion", () => {
  it("is read and written only by members the lesson is open to, and deleted by its author or an admin", async () => {
    const course = await insertCourse({ level: "create", modules: [{ rule: "after_previous", lessons: [{}, {}] }] });
    const her = await member("create");
    const other = await member("create");
    const lower = await member("connect");
    const admin = await signIn((await createTestUser({ isAdmin: true })).username, TEST_PASSWORD);
    const comments = `${lessonPath(course, "lesson-1")}/comments`;

    const posted = await call(comments, {
      method: "POST",
      cookie: her.cookie,
      body: { comment: "  Loved this one  " },
    });
    expect(posted.status).toBe(201);
    expect(posted.json).toMatchObject({ comment: "Loved this one", userId: her.user.id });
    expect(posted.json).not.toHaveProperty("contentId");
    expect((await call(comments, { method: "POST", cookie: her.cookie, body: { comment: "   " } })).status).toBe(400);

    const read = await call(comments, { cookie: other.cookie });
    expect(read.status).toBe(200);
    expect(read.json.map((c: { comment: string }) => c.comment)).toEqual(["Loved this one"]);

    // A tier below the course's: neither read nor written (as the lesson itself: 404).
    expect((await call(comments, { cookie: lower.cookie })).status).toBe(404);
    expect(
      (await call(comments, { method: "POST", cookie: lower.cookie, body: { comment: "Let me in" } })).status,
    ).toBe(404);
    // Her tier, but a lesson not open yet (the one before is not complete): refused.
    const locked = `${lessonPath(course, "lesson-2")}/comments`;
    expect((await call(locked, { cookie: her.cookie })).status).toBe(403);
    expect((await call(locked, { method: "POST", cookie: her.cookie, body: { comment: "Early" } })).status).toBe(403);
    // Another lesson's discussion is its own.
    await call(`${lessonPath(course, "lesson-1")}/complete`, { method: "POST", cookie: her.cookie });
    expect((await call(locked, { cookie: her.cookie })).json).toEqual([]);

    // Moderation as the library's: not someone else's, her own, and any for an admin (on record).
    const id = posted.json.id;
    expect((await call(`/api/content/comments/${id}`, { method: "DELETE", cookie: other.cookie })).status).toBe(403);
    const second = await call(comments, { method: "POST", cookie: other.cookie, body: { comment: "Me too" } });
    expect((await call(`/api/content/comments/${id}`, { method: "DELETE", cookie: her.cookie })).status).toBe(200);
    expect((await call(`/api/content/comments/${second.json.id}`, { method: "DELETE", cookie: admin })).status).toBe(
      200,
    );
    expect((await call(comments, { cookie: her.cookie })).json).toEqual([]);
    const audit = await testDb().execute<{ n: number }>(
      sql`select count(*)::int as n from audit_log where action = 'course.comment.delete' and entity_id = ${String(second.json.id)}`,
    );
    expect(audit.rows[0]!.n).toBe(1);
  });
});

describe("the notice that a lesson is open", () => {
  it("tells her once when she completes the lesson before one that waited for it", async () => {
    const course = await insertCourse({ modules: [{ rule: "after_previous", lessons: [{}, {}, {}] }] });
    const her = await member("connect");
    await call(`${lessonPath(course, "lesson-1")}/complete`, { method: "POST", cookie: her.cookie });
    await call(`${lessonPath(course, "lesson-1")}/complete`, { method: "POST", cookie: her.cookie });
    expect(await noticesOf(her.user.id)).toEqual([
      {
        kind: "lesson_opened",
        title: `“Lesson 2” is open in “${course.title}”`,
        url: `/courses/${course.slug}/lesson-2`,
      },
    ]);
    // In her list as any other kind.
    const list = await call("/api/notifications?kind=lesson_opened", { cookie: her.cookie });
    expect(list.json.notifications.map((n: { title: string }) => n.title)).toEqual([
      `“Lesson 2” is open in “${course.title}”`,
    ]);
  });

  it("is made once by the job for lessons opening by date or days after her start, as she chose, never after she finished", async () => {
    const course = await insertCourse({
      modules: [
        { rule: "days_after_start", days: 2, lessons: [{}] },
        { rule: "on_date", date: new Date(Date.now() - 3600_000), lessons: [{}] },
        { rule: "days_after_start", days: 30, lessons: [{}] },
      ],
    });
    const her = await member("connect");
    const off = await member("connect");
    const finished = await member("connect");
    const saved = await call("/api/notifications/preferences", {
      method: "PUT",
      cookie: off.cookie,
      body: { kinds: { lesson_opened: { delivery: "off", push: false } } },
    });
    expect(saved.status).toBe(200);
    expect(saved.json.kinds.lesson_opened).toEqual({ delivery: "off", push: false });
    for (const who of [her, off, finished])
      await call(`/api/courses/${course.slug}/start`, { method: "POST", cookie: who.cookie });
    // They started three days ago: lesson 1 opened a day ago, lesson 2 an hour ago, lesson 3 not yet.
    await testDb()
      .update(courseEnrolments)
      .set({ startedAt: new Date(Date.now() - 3 * DAY) })
      .where(eq(courseEnrolments.courseId, course.id));
    await testDb()
      .update(courseEnrolments)
      .set({ completedAt: new Date() })
      .where(and(eq(courseEnrolments.courseId, course.id), eq(courseEnrolments.userId, finished.user.id)));

    await runNoticeJob();
    await runNoticeJob();
    const notices = await noticesOf(her.user.id);
    expect(notices.map((n) => n.url).sort()).toEqual([
      `/courses/${course.slug}/lesson-1`,
      `/courses/${course.slug}/lesson-2`,
    ]);
    expect(await noticesOf(off.user.id)).toEqual([]);
    expect(await noticesOf(finished.user.id)).toEqual([]);

    // Her default for the kind, email at once: past the minute in which she may read them in the app.
    await testDb().execute(
      sql`update notifications set created_at = now() - interval '2 minutes' where user_id = ${her.user.id} and kind = 'lesson_opened'`,
    );
    const { deliverNotificationEmails } = await import("@/server/notifications");
    await deliverNotificationEmails("http://community.test");
    const emails = await testDb()
      .select({ subject: emailOutbox.subject })
      .from(emailOutbox)
      .where(and(eq(emailOutbox.to, her.user.email), eq(emailOutbox.kind, "notification-lesson_opened")));
    // Both notices due at once are one email, named by the kind's label in her settings.
    expect(emails.map((email) => email.subject)).toEqual(["2 new notifications: lessons opening"]);
  });
});

describe("the admin's course page", () => {
  let admin: string;
  beforeAll(async () => {
    admin = await signIn((await createTestUser({ isAdmin: true })).username, TEST_PASSWORD);
  });

  it("shows where members who started and have not finished stop, most first", async () => {
    const course = await insertCourse({ modules: [{ rule: "immediately", lessons: [{}, {}, {}] }] });
    for (const completes of [["lesson-1"], ["lesson-1"], [], ["lesson-1", "lesson-2", "lesson-3"]]) {
      const someone = await member("connect");
      await call(`/api/courses/${course.slug}/start`, { method: "POST", cookie: someone.cookie });
      for (const lesson of completes)
        await call(`${lessonPath(course, lesson)}/complete`, { method: "POST", cookie: someone.cookie });
    }
    const page = await call(`/admin/courses/${course.id}`, { cookie: admin });
    expect(page.status).toBe(200);
    const section = page.text.slice(page.text.indexOf("Where members stop"));
    const rows = [...section.matchAll(/<tr[^>]*><td[^>]*>(Lesson \d)<\/td><td[^>]*>(\d+)<\/td><\/tr>/g)].map((m) => [
      m[1],
      m[2],
    ]);
    expect(rows).toEqual([
      ["Lesson 2", "2"],
      ["Lesson 1", "1"],
    ]);
  });

  it("saves a dragged order of a module's lessons, whole, for administrators only", async () => {
    const course = await insertCourse({ modules: [{ rule: "immediately", lessons: [{}, {}, {}] }] });
    const [one, two, three] = course.lessons.map((lesson) => lesson.id);
    const outline = await call(`/api/admin/courses/${course.id}`, { cookie: admin });
    const moduleId = outline.json.modules[0].id;
    const path = `/api/admin/course-modules/${moduleId}/lesson-order`;
    const her = await member("play");
    expect((await call(path, { method: "PUT", cookie: her.cookie, body: { ids: [three, one, two] } })).status).toBe(
      403,
    );
    expect((await call(path, { method: "PUT", cookie: admin, body: { ids: [three, one] } })).status).toBe(409);
    expect((await call(path, { method: "PUT", cookie: admin, body: { ids: [three, one, two] } })).status).toBe(200);
    const read = await call(`/api/courses/${course.slug}`, { cookie: her.cookie });
    expect(read.json.modules[0].lessons.map((lesson: { id: number }) => lesson.id)).toEqual([three, one, two]);
  });

  it("previews a course and its lessons as a member of a chosen tier sees them", async () => {
    const course = await insertCourse({
      level: "create",
      status: "draft",
      modules: [{ rule: "after_previous", lessons: [{ content: "<p>The first words</p>" }, {}] }],
    });
    const base = `/admin/courses/${course.id}/preview`;
    // The page's main content as text (the HTML before the page's data for the browser).
    const preview = async (query: string) => {
      const page = await call(`${base}?${query}`, { cookie: admin });
      expect(page.status).toBe(200);
      return page.text.slice(page.text.indexOf("<main"), page.text.indexOf("</main>"));
    };
    const lower = await preview("tier=connect");
    expect(lower).toContain("Locked: this course opens to Create members and above.");
    expect(lower).not.toContain("Lesson 1");

    const open = await preview("tier=create&lesson=lesson-1");
    expect(open).toContain("The first words");
    expect(open).toMatch(/Lesson 2<\/a><span[^>]*>Locked\. Opens when you complete “Lesson 1”/);
    const locked = await preview("tier=empower&lesson=lesson-2");
    expect(locked).toContain("Not open yet. Opens when you complete “Lesson 1”.");
    expect(locked).not.toContain("Words of lesson-2");

    // Members never reach it; a tier that does not exist is no page.
    const her = await member("play");
    expect((await call(`${base}?tier=play`, { cookie: her.cookie })).status).not.toBe(200);
    expect((await call(`${base}?tier=gold`, { cookie: admin })).status).toBe(404);
  });
});
