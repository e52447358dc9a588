import "server-only";
import { and, asc, desc, eq, gt, lt, max, sql, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { db } from "@/db";
import type { Executor } from "@/db/client";
import { courseEnrolments, courseLessons, courseModules, courses } from "@/db/schema";
import { ADMIN, assertAccess } from "@/lib/auth/access";
import type { SessionUser } from "@/lib/auth/session-user";
import { violatedConstraint } from "@/lib/database-errors";
import { AppError, notFound } from "@/lib/errors";
import { accessChoice, accessColumns } from "@/features/library/schemas";
import type { CourseStatus } from "@/features/courses/constants";
import type { z } from "@/lib/validation";
import type { courseLessonSchema, courseModuleSchema, courseSchema } from "@/features/courses/schemas";
import { recordAudit } from "@/server/audit";
import { sanitizeArticleHtml } from "@/server/library";
import { deleteStoredFiles } from "@/server/storage";
import { lessonDownloadsForEditor, lessonMediaValues, lessonStoredFileIds, saveLessonFiles } from "./lesson-files";

type CourseValues = z.output<typeof courseSchema>;
type ModuleValues = z.output<typeof courseModuleSchema>;
type LessonValues = z.output<typeof courseLessonSchema>;

// The admin's side of courses (/admin/courses): every function checks its viewer is an administrator.

async function audit(executor: Executor, viewer: SessionUser, action: string, courseId: number, details = {}) {
  await recordAudit(
    { actorId: viewer.id, action: `course.${action}`, entityType: "course", entityId: courseId, details },
    executor,
  );
}

/** GET /api/admin/courses: each course with its lessons, enrolments and how many finished. */
export async function listAdminCourses(viewer: SessionUser) {
  assertAccess(viewer, ADMIN);
  const rows = await db
    .select({
      id: courses.id,
      title: courses.title,
      slug: courses.slug,
      status: courses.status,
      requiredMembershipLevel: courses.requiredMembershipLevel,
      requiredLevel: courses.requiredLevel,
      lessons: sql<number>`(select count(*)::int from ${courseLessons} where ${courseLessons.courseId} = ${courses.id})`,
      enrolments: sql<number>`(select count(*)::int from ${courseEnrolments} where ${courseEnrolments.courseId} = ${courses.id})`,
      completions: sql<number>`(select count(*)::int from ${courseEnrolments} where ${courseEnrolments.courseId} = ${courses.id} and ${courseEnrolments.completedAt} is not null)`,
    })
    .from(courses)
    .orderBy(asc(courses.position), asc(courses.id));
  // The share of those who started it that finished it, in whole percent; null before anyone started.
  return rows.map((row) => ({
    ...row,
    completionRate: row.enrolments ? Math.round((100 * row.completions) / row.enrolments) : null,
  }));
}

function courseColumns(input: CourseValues) {
  const { access, ...rest } = input;
  return { ...rest, requiredMembershipLevel: accessColumns(access).requiredMembershipLevel };
}

function translateSlugError(error: unknown): never {
  const constraint = violatedConstraint(error);
  if (constraint === "courses_slug_key")
    throw new AppError(409, "Another course already uses this slug.", {
      slug: "Another course already uses this slug.",
    });
  if (constraint === "course_lessons_slug_key")
    throw new AppError(409, "Another lesson of this course already uses this slug.", {
      slug: "Another lesson of this course already uses this slug.",
    });
  throw error;
}

/** POST /api/admin/courses: a new course, last in the list. */
export async function createCourse(viewer: SessionUser, input: CourseValues) {
  assertAccess(viewer, ADMIN);
  return db
    .transaction(async (tx) => {
      const [top] = await tx.select({ last: max(courses.position) }).from(courses);
      const [row] = await tx
        .insert(courses)
        .values({ ...courseColumns(input), position: (top?.last ?? -1) + 1 })
        .returning({ id: courses.id });
      await audit(tx, viewer, "create", row!.id, { title: input.title });
      return row!;
    })
    .catch(translateSlugError);
}

/** GET /api/admin/courses/{id}: the course, its modules and their lessons (without their text), in order; null when there is none. */
export async function getAdminCourse(viewer: SessionUser, id: number) {
  assertAccess(viewer, ADMIN);
  const [course] = await db.select().from(courses).where(eq(courses.id, id));
  if (!course) return null;
  const [modules, lessons] = await Promise.all([
    db
      .select()
      .from(courseModules)
      .where(eq(courseModules.courseId, id))
      .orderBy(asc(courseModules.position), asc(courseModules.id)),
    db
      .select({
        id: courseLessons.id,
        moduleId: courseLessons.moduleId,
        title: courseLessons.title,
        slug: courseLessons.slug,
        unlockRule: courseLessons.unlockRule,
        unlockDays: courseLessons.unlockDays,
        unlockDate: courseLessons.unlockDate,
      })
      .from(courseLessons)
      .where(eq(courseLessons.courseId, id))
      .orderBy(asc(courseLessons.position), asc(courseLessons.id)),
  ]);
  return {
    id: course.id,
    title: course.title,
    slug: course.slug,
    summary: course.summary,
    status: course.status as CourseStatus,
    access: accessChoice({
      isPublic: course.requiredMembershipLevel === null,
      requiredMembershipLevel: course.requiredMembershipLevel,
    }),
    requiredLevel: course.requiredLevel,
    modules: modules.map((module) => ({
      id: module.id,
      title: module.title,
      unlockRule: module.unlockRule,
      unlockDays: module.unlockDays,
      unlockDate: module.unlockDate,
      lessons: lessons.filter((lesson) => lesson.moduleId === module.id),
    })),
  };
}
export type AdminCourse = NonNullable<Awaited<ReturnType<typeof getAdminCourse>>>;

/** PUT /api/admin/courses/{id}: its details, who opens it (tier and level), draft or published. */
export async function updateCourse(viewer: SessionUser, id: number, input: CourseValues) {
  assertAccess(viewer, ADMIN);
  return db
    .transaction(async (tx) => {
      const [row] = await tx
        .update(courses)
        .set(courseColumns(input))
        .where(eq(courses.id, id))
        .returning({ id: courses.id });
      if (!row) throw notFound("Course not found.");
      await audit(tx, viewer, "update", id, { status: input.status, requiredLevel: input.requiredLevel });
      return row;
    })
    .catch(translateSlugError);
}

/** DELETE /api/admin/courses/{id}: the course with its modules, lessons and everyone's progress. */
export async function deleteCourse(viewer: SessionUser, id: number) {
  assertAccess(viewer, ADMIN);
  const files = await db.transaction(async (tx) => {
    const files = await lessonStoredFileIds(tx, eq(courseLessons.courseId, id));
    const [row] = await tx.delete(courses).where(eq(courses.id, id)).returning({ title: courses.title });
    if (!row) throw notFound("Course not found.");
    await audit(tx, viewer, "delete", id, { title: row.title });
    return files;
  });
  await deleteStoredFiles(files);
}

function unlockColumns(input: { unlockRule: string | null; unlockDays: number | null; unlockDate: string | null }) {
  return {
    unlockDays: input.unlockRule === "days_after_start" ? input.unlockDays : null,
    unlockDate: input.unlockRule === "on_date" && input.unlockDate ? new Date(input.unlockDate) : null,
  };
}

/** POST /api/admin/courses/{id}/modules: a module at the end of the course. */
export async function createModule(viewer: SessionUser, courseId: number, input: ModuleValues) {
  assertAccess(viewer, ADMIN);
  return db.transaction(async (tx) => {
    const [course] = await tx.select({ id: courses.id }).from(courses).where(eq(courses.id, courseId)).for("update");
    if (!course) throw notFound("Course not found.");
    const [top] = await tx
      .select({ last: max(courseModules.position) })
      .from(courseModules)
      .where(eq(courseModules.courseId, courseId));
    const [row] = await tx
      .insert(courseModules)
      .values({
        courseId,
        title: input.title,
        unlockRule: input.unlockRule,
        ...unlockColumns(input),
        position: (top?.last ?? -1) + 1,
      })
      .returning({ id: courseModules.id });
    await audit(tx, viewer, "module.create", courseId, { moduleId: row!.id });
    return row!;
  });
}

/** PUT /api/admin/course-modules/{id}. */
export async function updateModule(viewer: SessionUser, id: number, input: ModuleValues) {
  assertAccess(viewer, ADMIN);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(courseModules)
      .set({ title: input.title, unlockRule: input.unlockRule, ...unlockColumns(input) })
      .where(eq(courseModules.id, id))
      .returning({ id: courseModules.id, courseId: courseModules.courseId });
    if (!row) throw notFound("Module not found.");
    await audit(tx, viewer, "module.update", row.courseId, { moduleId: id });
    return { id };
  });
}

/** DELETE /api/admin/course-modules/{id}: with its lessons. */
export async function deleteModule(viewer: SessionUser, id: number) {
  assertAccess(viewer, ADMIN);
  const files = await db.transaction(async (tx) => {
    const files = await lessonStoredFileIds(tx, eq(courseLessons.moduleId, id));
    const [row] = await tx
      .delete(courseModules)
      .where(eq(courseModules.id, id))
      .returning({ courseId: courseModules.courseId });
    if (!row) throw notFound("Module not found.");
    await audit(tx, viewer, "module.delete", row.courseId, { moduleId: id });
    return files;
  });
  await deleteStoredFiles(files);
}

/** POST /api/admin/course-modules/{id}/lessons: a lesson at the end of the module. */
export async function createLesson(viewer: SessionUser, moduleId: number, input: LessonValues) {
  assertAccess(viewer, ADMIN);
  return db
    .transaction(async (tx) => {
      const [module] = await tx
        .select({ courseId: courseModules.courseId })
        .from(courseModules)
        .where(eq(courseModules.id, moduleId))
        .for("update");
      if (!module) throw notFound("Module not found.");
      const [top] = await tx
        .select({ last: max(courseLessons.position) })
        .from(courseLessons)
        .where(eq(courseLessons.moduleId, moduleId));
      const [row] = await tx
        .insert(courseLessons)
        .values({ ...lessonColumns(input), courseId: module.courseId, moduleId, position: (top?.last ?? -1) + 1 })
        .returning({ id: courseLessons.id });
      await saveLessonFiles(tx, viewer, row!.id, input, []);
      await audit(tx, viewer, "lesson.create", module.courseId, { lessonId: row!.id });
      return row!;
    })
    .catch(translateSlugError);
}

function lessonColumns(input: LessonValues) {
  return {
    title: input.title,
    slug: input.slug,
    content: sanitizeArticleHtml(input.content),
    unlockRule: input.unlockRule,
    ...unlockColumns(input),
    ...lessonMediaValues(input),
  };
}

/** GET /api/admin/course-lessons/{id}: a lesson for its editor; null when there is none. */
export async function getAdminLesson(viewer: SessionUser, id: number) {
  assertAccess(viewer, ADMIN);
  const [row] = await db
    .select({
      id: courseLessons.id,
      courseId: courseLessons.courseId,
      moduleId: courseLessons.moduleId,
      title: courseLessons.title,
      slug: courseLessons.slug,
      content: courseLessons.content,
      unlockRule: courseLessons.unlockRule,
      unlockDays: courseLessons.unlockDays,
      unlockDate: courseLessons.unlockDate,
      kind: courseLessons.kind,
      videoUrl: courseLessons.videoUrl,
      videoDurationSeconds: courseLessons.videoDurationSeconds,
      pdfUrl: courseLessons.pdfUrl,
      libraryItemId: courseLessons.libraryItemId,
    })
    .from(courseLessons)
    .where(eq(courseLessons.id, id));
  if (!row) return null;
  return { ...row, content: sanitizeArticleHtml(row.content), files: await lessonDownloadsForEditor(id) };
}

/** PUT /api/admin/course-lessons/{id}. */
export async function updateLesson(viewer: SessionUser, id: number, input: LessonValues) {
  assertAccess(viewer, ADMIN);
  const { removed } = await db
    .transaction(async (tx) => {
      const previous = await lessonStoredFileIds(tx, eq(courseLessons.id, id));
      const [row] = await tx
        .update(courseLessons)
        .set(lessonColumns(input))
        .where(eq(courseLessons.id, id))
        .returning({ id: courseLessons.id, courseId: courseLessons.courseId });
      if (!row) throw notFound("Lesson not found.");
      const removed = await saveLessonFiles(tx, viewer, id, input, previous);
      await audit(tx, viewer, "lesson.update", row.courseId, { lessonId: id });
      return { removed };
    })
    .catch(translateSlugError);
  // Files it no longer holds go once the save is committed (a failed save keeps them).
  await deleteStoredFiles(removed);
  return { id };
}

/** DELETE /api/admin/course-lessons/{id}: with everyone's completion of it. */
export async function deleteLesson(viewer: SessionUser, id: number) {
  assertAccess(viewer, ADMIN);
  const files = await db.transaction(async (tx) => {
    const files = await lessonStoredFileIds(tx, eq(courseLessons.id, id));
    const [row] = await tx
      .delete(courseLessons)
      .where(eq(courseLessons.id, id))
      .returning({ courseId: courseLessons.courseId });
    if (!row) throw notFound("Lesson not found.");
    await audit(tx, viewer, "lesson.delete", row.courseId, { lessonId: id });
    return files;
  });
  await deleteStoredFiles(files);
}

type Ordered = PgTable & { id: PgColumn; position: PgColumn };

/**
 * Swaps a row with its neighbour among its siblings (`parent`: the same course or module), by the
 * admin's Up and Down buttons. At the top (or bottom) already, nothing changes.
 */
async function move(
  tx: Executor,
  table: Ordered,
  id: number,
  parent: (row: { parentId: number }) => SQL,
  parentColumn: PgColumn,
  direction: "up" | "down",
) {
  const [row] = await tx
    .select({ id: table.id, position: table.position, parentId: parentColumn })
    .from(table)
    .where(eq(table.id, id))
    .for("update");
  if (!row) return null;
  const before = direction === "up";
  const [neighbour] = await tx
    .select({ id: table.id, position: table.position })
    .from(table)
    .where(
      and(
        parent(row as { parentId: number }),
        before ? lt(table.position, row.position) : gt(table.position, row.position),
      ),
    )
    .orderBy(before ? desc(table.position) : asc(table.position))
    .limit(1)
    .for("update");
  if (neighbour) {
    await tx.update(table).set({ position: neighbour.position }).where(eq(table.id, id));
    await tx.update(table).set({ position: row.position }).where(eq(table.id, neighbour.id));
  }
  return row as { parentId: number };
}

/** POST /api/admin/course-modules/{id}/move. */
export async function moveModule(viewer: SessionUser, id: number, direction: "up" | "down") {
  assertAccess(viewer, ADMIN);
  await db.transaction(async (tx) => {
    const row = await move(
      tx,
      courseModules,
      id,
      (r) => eq(courseModules.courseId, r.parentId),
      courseModules.courseId,
      direction,
    );
    if (!row) throw notFound("Module not found.");
    await audit(tx, viewer, "module.move", row.parentId, { moduleId: id, direction });
  });
  return { ok: true as const };
}

/** POST /api/admin/course-lessons/{id}/move: within its module. */
export async function moveLesson(viewer: SessionUser, id: number, direction: "up" | "down") {
  assertAccess(viewer, ADMIN);
  await db.transaction(async (tx) => {
    const row = await move(
      tx,
      courseLessons,
      id,
      (r) => eq(courseLessons.moduleId, r.parentId),
      courseLessons.moduleId,
      direction,
    );
    if (!row) throw notFound("Lesson not found.");
    const [lesson] = await tx
      .select({ courseId: courseLessons.courseId })
      .from(courseLessons)
      .where(eq(courseLessons.id, id));
    await audit(tx, viewer, "lesson.move", lesson!.courseId, { lessonId: id, direction });
  });
  return { ok: true as const };
}
