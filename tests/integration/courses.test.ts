import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { courseEnrolments, courseLessons, lessonCompletions, pointEntries } from "@/db/schema";
import { COURSE_COMPLETION_POINTS } from "@/features/levels/constants";
import { closeTestDb, createTestUser, TEST_PASSWORD, testDb } from "../support/db";
import { insertCourse } from "../support/courses";
import { call, signIn } from "../support/http";

// Courses: who opens a course (her tier, in the query), lessons refused until they open, her progress
// and "Continue", and the admin's calls (administrators only, their input checked).

afterAll(closeTestDb);

const unique = () => randomUUID().slice(0, 8);
const DAY = 86_400_000;

const lessonPath = (course: { slug: string }, lesson: string) => `/api/courses/${course.slug}/lessons/${lesson}`;

describe("courses", () => {
  let connect: string;
  let create: string;
  let createId: number;
  let admin: string;
  beforeAll(async () => {
    connect = await signIn((await createTestUser({ membershipLevel: "connect" })).username, TEST_PASSWORD);
    const her = await createTestUser({ membershipLevel: "create" });
    createId = her.id;
    create = await signIn(her.username, TEST_PASSWORD);
    admin = await signIn((await createTestUser({ isAdmin: true })).username, TEST_PASSWORD);
  });

  it("shows a lower tier the course's title and the tier that opens it, never its lessons or their content", async () => {
    const course = await insertCourse({ level: "create", modules: [{ rule: "immediately", lessons: [{}] }] });
    const list = await call("/api/courses", { cookie: connect });
    expect(list.status).toBe(200);
    const card = list.json.find((c: { slug: string }) => c.slug === course.slug);
    expect(card).toMatchObject({ title: course.title, locked: true, requiredMembershipLevel: "create" });

    const outline = await call(`/api/courses/${course.slug}`, { cookie: connect });
    expect(outline.status).toBe(200);
    expect(outline.json).toMatchObject({ locked: true, modules: [], next: null });
    expect((await call(lessonPath(course, "lesson-1"), { cookie: connect })).status).toBe(404);
    // A lesson of a tier she lacks is not there for her, whatever she does to it (as reading it).
    expect((await call(`${lessonPath(course, "lesson-1")}/complete`, { cookie: connect, method: "POST" })).status).toBe(
      404,
    );
    expect((await call(`/api/courses/${course.slug}/start`, { cookie: connect, method: "POST" })).status).toBe(403);

    // Her tier opens it: the lesson and its content.
    const read = await call(lessonPath(course, "lesson-1"), { cookie: create });
    expect(read.status).toBe(200);
    expect(read.json.content).toContain("Words of lesson-1");
  });

  it("hides a draft course from members (404) and shows it to an admin", async () => {
    const course = await insertCourse({ status: "draft", modules: [{ rule: "immediately", lessons: [{}] }] });
    expect((await call(`/api/courses/${course.slug}`, { cookie: create })).status).toBe(404);
    const list = await call("/api/courses", { cookie: create });
    expect(list.json.map((c: { slug: string }) => c.slug)).not.toContain(course.slug);
    expect((await call(`/api/courses/${course.slug}`, { cookie: admin })).status).toBe(200);
  });

  it("refuses a sequential lesson's content until the one before is complete, then counts her progress and moves Continue on", async () => {
    const course = await insertCourse({ modules: [{ rule: "after_previous", lessons: [{}, {}, {}] }] });
    const outline = async () => (await call(`/api/courses/${course.slug}`, { cookie: create })).json;

    const before = await outline();
    expect(before.progress).toEqual({ completed: 0, total: 3 });
    expect(before.startedAt).toBeNull();
    expect(before.next).toEqual({ slug: "lesson-1", title: "Lesson 1" });
    expect(before.modules[0].lessons[1].lock).toEqual({
      rule: "after_previous",
      opensAt: null,
      days: null,
      previousTitle: "Lesson 1",
    });

    const locked = await call(lessonPath(course, "lesson-2"), { cookie: create });
    expect(locked.status).toBe(200);
    expect(locked.json.title).toBe("Lesson 2");
    expect(locked.json.content).toBeNull();
    expect(locked.text).not.toContain("Words of lesson-2");
    const refused = await call(`${lessonPath(course, "lesson-2")}/complete`, { cookie: create, method: "POST" });
    expect(refused.status).toBe(403);
    expect(refused.json.error).toBe("This lesson is not open yet.");

    const done = await call(`${lessonPath(course, "lesson-1")}/complete`, { cookie: create, method: "POST" });
    expect(done.status).toBe(200);
    expect(done.json).toMatchObject({ progress: { completed: 1, total: 3 }, completedAt: null });
    // Twice is once.
    await call(`${lessonPath(course, "lesson-1")}/complete`, { cookie: create, method: "POST" });

    const after = await outline();
    expect(after.progress).toEqual({ completed: 1, total: 3 });
    expect(after.startedAt).not.toBeNull();
    expect(after.modules[0].lessons[0].completed).toBe(true);
    expect(after.modules[0].lessons[1].lock).toBeNull();
    expect(after.next).toEqual({ slug: "lesson-2", title: "Lesson 2" });
    expect((await call(lessonPath(course, "lesson-2"), { cookie: create })).json.content).toContain(
      "Words of lesson-2",
    );

    // The last lesson finishes the course.
    await call(`${lessonPath(course, "lesson-2")}/complete`, { cookie: create, method: "POST" });
    const last = await call(`${lessonPath(course, "lesson-3")}/complete`, { cookie: create, method: "POST" });
    expect(last.json.progress).toEqual({ completed: 3, total: 3 });
    expect(last.json.completedAt).not.toBeNull();
    const [enrolment] = await testDb()
      .select()
      .from(courseEnrolments)
      .where(and(eq(courseEnrolments.userId, createId), eq(courseEnrolments.courseId, course.id)));
    expect(enrolment!.completedAt).not.toBeNull();
    expect((await outline()).next).toBeNull();
    // Finishing it earns the course's points, once: a lesson marked complete again gives none.
    const courseEntries = () =>
      testDb()
        .select({ points: pointEntries.points })
        .from(pointEntries)
        .where(and(eq(pointEntries.userId, createId), eq(pointEntries.reason, "course")));
    expect(await courseEntries()).toEqual([{ points: COURSE_COMPLETION_POINTS }]);
    await call(`${lessonPath(course, "lesson-3")}/complete`, { cookie: create, method: "POST" });
    expect(await courseEntries()).toEqual([{ points: COURSE_COMPLETION_POINTS }]);
  });

  it("opens a lesson on its date, and N days after she started (none before she starts)", async () => {
    const tomorrow = new Date(Date.now() + DAY);
    const course = await insertCourse({
      modules: [
        { rule: "immediately", lessons: [{}] },
        { rule: "on_date", date: tomorrow, lessons: [{}] },
        { rule: "days_after_start", days: 3, lessons: [{}] },
      ],
    });
    const before = (await call(`/api/courses/${course.slug}`, { cookie: create })).json;
    expect(before.modules[1].lessons[0].lock).toMatchObject({ rule: "on_date", opensAt: tomorrow.toISOString() });
    expect(before.modules[2].lessons[0].lock).toMatchObject({ rule: "days_after_start", opensAt: null, days: 3 });
    expect((await call(lessonPath(course, "lesson-2"), { cookie: create })).json.content).toBeNull();

    const start = await call(`/api/courses/${course.slug}/start`, { cookie: create, method: "POST" });
    expect(start.status).toBe(200);
    const started = (await call(`/api/courses/${course.slug}`, { cookie: create })).json;
    expect(Date.parse(started.modules[2].lessons[0].lock.opensAt)).toBe(Date.parse(start.json.startedAt) + 3 * DAY);

    // Three days on, it opens.
    await testDb()
      .update(courseEnrolments)
      .set({ startedAt: new Date(Date.now() - 3 * DAY - 1000) })
      .where(and(eq(courseEnrolments.userId, createId), eq(courseEnrolments.courseId, course.id)));
    const later = await call(lessonPath(course, "lesson-3"), { cookie: create });
    expect(later.json.lock).toBeNull();
    expect(later.json.content).toContain("Words of lesson-3");
  });

  it("sanitizes a lesson written past the editor when it is read", async () => {
    const course = await insertCourse({
      modules: [{ rule: "immediately", lessons: [{ content: '<p onclick="x()">Safe<script>alert(1)</script></p>' }] }],
    });
    const read = await call(lessonPath(course, "lesson-1"), { cookie: create });
    expect(read.json.content).toBe("<p>Safe</p>");
  });

  it("lets only administrators build courses, and checks what they send", async () => {
    const body = {
      title: "A course",
      slug: `c-${unique()}`,
      summary: "What this course is about.",
      access: "public",
      requiredLevel: null,
      status: "draft",
    };
    expect((await call("/api/admin/courses", { body })).status).toBe(401);
    expect((await call("/api/admin/courses", { body, cookie: create })).status).toBe(403);
    expect((await call("/api/admin/courses", { cookie: create })).status).toBe(403);

    const bad = await call("/api/admin/courses", {
      body: { ...body, title: "A", slug: "Not A Slug", access: "gold" },
      cookie: admin,
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json.fields)).toEqual(expect.arrayContaining(["title", "slug", "access"]));

    const created = await call("/api/admin/courses", { body, cookie: admin });
    expect(created.status).toBe(201);
    const id = created.json.id;
    expect((await call("/api/admin/courses", { body, cookie: admin })).status).toBe(409);

    const dated = await call(`/api/admin/courses/${id}/modules`, {
      body: { title: "Week one", unlockRule: "on_date", unlockDays: null, unlockDate: null },
      cookie: admin,
    });
    expect(dated.status).toBe(400);
    expect(dated.json.fields.unlockDate).toBe("Please choose the date it opens");
    expect(
      (
        await call(`/api/admin/courses/${id}/modules`, {
          body: { title: "Week one", unlockRule: "immediately", unlockDays: null, unlockDate: null },
          cookie: create,
        })
      ).status,
    ).toBe(403);

    const first = await call(`/api/admin/courses/${id}/modules`, {
      body: { title: "Week one", unlockRule: "immediately", unlockDays: null, unlockDate: null },
      cookie: admin,
    });
    const second = await call(`/api/admin/courses/${id}/modules`, {
      body: { title: "Week two", unlockRule: "after_previous", unlockDays: null, unlockDate: null },
      cookie: admin,
    });
    expect(second.status).toBe(201);
    const lesson = {
      title: "Hello",
      slug: "hello",
      content: "<p>Hi<script>x</script></p>",
      unlockRule: null,
      unlockDays: null,
      unlockDate: null,
    };
    expect(
      (await call(`/api/admin/course-modules/${first.json.id}/lessons`, { body: lesson, cookie: create })).status,
    ).toBe(403);
    const added = await call(`/api/admin/course-modules/${first.json.id}/lessons`, { body: lesson, cookie: admin });
    expect(added.status).toBe(201);
    const [stored] = await testDb().select().from(courseLessons).where(eq(courseLessons.id, added.json.id));
    expect(stored!.content).toBe("<p>Hi</p>");

    // Up and Down swap a module with its neighbour; the first cannot go higher.
    expect(
      (
        await call(`/api/admin/course-modules/${second.json.id}/move`, {
          body: { direction: "sideways" },
          cookie: admin,
        })
      ).status,
    ).toBe(400);
    expect(
      (await call(`/api/admin/course-modules/${second.json.id}/move`, { body: { direction: "up" }, cookie: create }))
        .status,
    ).toBe(403);
    expect(
      (await call(`/api/admin/course-modules/${second.json.id}/move`, { body: { direction: "up" }, cookie: admin }))
        .status,
    ).toBe(200);
    await call(`/api/admin/course-modules/${second.json.id}/move`, { body: { direction: "up" }, cookie: admin });
    const course = await call(`/api/admin/courses/${id}`, { cookie: admin });
    expect(course.json.modules.map((m: { title: string }) => m.title)).toEqual(["Week two", "Week one"]);
    expect((await call(`/api/admin/courses/${id}`, { cookie: create })).status).toBe(403);
  });

  it("counts each course's enrolments and completion rate for the admin", async () => {
    const course = await insertCourse({ modules: [{ rule: "immediately", lessons: [{}] }] });
    const other = await signIn((await createTestUser({ membershipLevel: "connect" })).username, TEST_PASSWORD);
    await call(`${lessonPath(course, "lesson-1")}/complete`, { cookie: create, method: "POST" });
    await call(`/api/courses/${course.slug}/start`, { cookie: other, method: "POST" });
    const list = await call("/api/admin/courses", { cookie: admin });
    expect(list.json.find((c: { id: number }) => c.id === course.id)).toMatchObject({
      lessons: 1,
      enrolments: 2,
      completions: 1,
      completionRate: 50,
    });

    // Where members stop: the first lesson each unfinished member has not completed, the most common.
    const stops = await insertCourse({ modules: [{ rule: "immediately", lessons: [{}, {}, {}] }] });
    for (const completes of [["lesson-1"], ["lesson-1"], []]) {
      const someone = await signIn((await createTestUser({ membershipLevel: "connect" })).username, TEST_PASSWORD);
      await call(`/api/courses/${stops.slug}/start`, { cookie: someone, method: "POST" });
      for (const lesson of completes)
        await call(`${lessonPath(stops, lesson)}/complete`, { cookie: someone, method: "POST" });
    }
    const page = await call("/admin/courses", { cookie: admin });
    const stopsRow = page.text.slice(page.text.indexOf(stops.title));
    expect(stopsRow.slice(0, stopsRow.indexOf("</tr>"))).toContain("Lesson 2 (2 members)");

    // Everyone's progress as CSV, administrators only.
    expect((await call(`/api/admin/courses/${course.id}/export`, { cookie: create })).status).toBe(403);
    const csv = await call(`/api/admin/courses/${course.id}/export`, { cookie: admin });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toContain("text/csv");
    const lines = csv.text.trim().split("\r\n");
    expect(lines[0]).toBe("Member,Username,Started,Lessons complete,Lessons,Finished");
    expect(lines).toHaveLength(3);
    expect(lines.find((line) => line.includes(`,1,1,`))).toBeDefined();
    expect(lines.find((line) => line.includes(`,0,1,`))).toMatch(/,0,1,$/);

    const [row] = await testDb()
      .select()
      .from(lessonCompletions)
      .where(and(eq(lessonCompletions.userId, createId), eq(lessonCompletions.courseId, course.id)));
    expect(row).toBeDefined();
  });
});
