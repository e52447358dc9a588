import { eq, inArray } from "drizzle-orm";
import { courses, lessonCompletions, levels, pointEntries } from "@/db/schema";
import { closeTestDb, createTestUser, TEST_PASSWORD, testDb } from "../support/db";
import { insertCourse } from "../support/courses";
import { call, signIn } from "../support/http";

// A course's required member level (docs/decisions/048-courses.md): below it she sees the course, locked
// with the level that opens it, and its outline, but no lesson is read, started or completed (403);
// at it, the lessons open. Administrators set it on the course's details.

const made: number[] = [];
afterAll(async () => {
  if (made.length) await testDb().delete(courses).where(inArray(courses.id, made));
  await closeTestDb();
});

const lessonPath = (course: { slug: string }, lesson: string) => `/api/courses/${course.slug}/lessons/${lesson}`;

async function threshold(level: number) {
  const [row] = await testDb().select({ minPoints: levels.minPoints }).from(levels).where(eq(levels.level, level));
  return row!;
}

describe("a course's required level", () => {
  it("shows a member below it the course locked and its outline, and refuses its lessons until she reaches it", async () => {
    const course = await insertCourse({
      requiredLevel: 3,
      modules: [{ rule: "immediately", lessons: [{}, {}] }],
    });
    made.push(course.id);
    const her = await createTestUser({ membershipLevel: "create" });
    const cookie = await signIn(her.username, TEST_PASSWORD);
    const level3 = await threshold(3);

    const list = await call("/api/courses", { cookie });
    const card = list.json.find((c: { slug: string }) => c.slug === course.slug);
    expect(card).toMatchObject({ locked: false, levelLocked: true, requiredLevel: { level: 3 } });

    const outline = await call(`/api/courses/${course.slug}`, { cookie });
    expect(outline.status).toBe(200);
    expect(outline.json).toMatchObject({ levelLocked: true, next: null });
    expect(outline.json.modules[0].lessons.map((l: { slug: string }) => l.slug)).toEqual(["lesson-1", "lesson-2"]);

    const read = await call(lessonPath(course, "lesson-1"), { cookie });
    expect(read.status).toBe(403);
    expect(read.json.error).toMatch(/^This course opens at level 3 \(.+\)\./);
    expect(JSON.stringify(read.json)).not.toContain("Words of lesson-1");
    const complete = await call(`${lessonPath(course, "lesson-1")}/complete`, { cookie, method: "POST" });
    expect(complete.status).toBe(403);
    expect(complete.json.error).toMatch(/level 3/);
    expect((await call(`/api/courses/${course.slug}/start`, { cookie, method: "POST" })).status).toBe(403);
    expect(
      await testDb().select().from(lessonCompletions).where(eq(lessonCompletions.courseId, course.id)),
    ).toHaveLength(0);

    // One point short of level 3: still refused. At its threshold: open.
    const award = (points: number) =>
      testDb().insert(pointEntries).values({ userId: her.id, reason: "course", points, sourceId: course.id });
    await award(level3.minPoints - 1);
    expect((await call(lessonPath(course, "lesson-1"), { cookie })).status).toBe(403);
    await testDb().delete(pointEntries).where(eq(pointEntries.userId, her.id));
    await award(level3.minPoints);

    const opened = await call(lessonPath(course, "lesson-1"), { cookie });
    expect(opened.status).toBe(200);
    expect(opened.json.content).toContain("Words of lesson-1");
    const done = await call(`${lessonPath(course, "lesson-1")}/complete`, { cookie, method: "POST" });
    expect(done.status).toBe(200);
    expect(done.json.progress).toEqual({ completed: 1, total: 2 });
    const after = await call("/api/courses", { cookie });
    expect(after.json.find((c: { slug: string }) => c.slug === course.slug)).toMatchObject({ levelLocked: false });
  });

  it("keeps the tier's rule: a level she reaches does not open a course her tier does not", async () => {
    const course = await insertCourse({
      level: "empower",
      requiredLevel: 1,
      modules: [{ rule: "immediately", lessons: [{}] }],
    });
    made.push(course.id);
    const cookie = await signIn((await createTestUser({ membershipLevel: "create" })).username, TEST_PASSWORD);
    const outline = await call(`/api/courses/${course.slug}`, { cookie });
    expect(outline.json).toMatchObject({ locked: true, levelLocked: false, modules: [] });
    expect((await call(lessonPath(course, "lesson-1"), { cookie })).status).toBe(404);
  });

  it("is set by administrators only on the course's details, and checked", async () => {
    const admin = await signIn((await createTestUser({ isAdmin: true })).username, TEST_PASSWORD);
    const member = await signIn((await createTestUser({ membershipLevel: "create" })).username, TEST_PASSWORD);
    const course = await insertCourse({ modules: [{ rule: "immediately", lessons: [{}] }] });
    made.push(course.id);
    const body = {
      title: course.title,
      slug: course.slug,
      summary: course.summary,
      access: "public",
      requiredLevel: 5,
      status: "published",
    };
    const path = `/api/admin/courses/${course.id}`;
    const stored = async () =>
      (await testDb().select({ level: courses.requiredLevel }).from(courses).where(eq(courses.id, course.id)))[0]!
        .level;

    expect((await call(path, { method: "PUT", body, cookie: member })).status).toBe(403);
    expect(await stored()).toBeNull();

    for (const requiredLevel of [0, 10, 2.5, "3"]) {
      const bad = await call(path, { method: "PUT", body: { ...body, requiredLevel }, cookie: admin });
      expect(bad.status).toBe(400);
      expect(bad.json.fields.requiredLevel).toBe("Please choose a level");
    }
    expect(await stored()).toBeNull();

    expect((await call(path, { method: "PUT", body, cookie: admin })).status).toBe(200);
    expect(await stored()).toBe(5);
    expect((await call(path, { cookie: admin })).json).toMatchObject({ requiredLevel: 5 });
    // An administrator opens every course, whatever its level.
    expect((await call(lessonPath(course, "lesson-1"), { cookie: admin })).status).toBe(200);

    expect((await call(path, { method: "PUT", body: { ...body, requiredLevel: null }, cookie: admin })).status).toBe(
      200,
    );
    expect(await stored()).toBeNull();
  });
});
