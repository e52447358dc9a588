import "server-only";
import { and, asc, count, eq, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { db, type Database } from "@/db";
import { courseEnrolments, courseLessons, courseModules, courseQuizzes, courses, lessonCompletions } from "@/db/schema";
import type { SessionUser } from "@/lib/auth/session-user";
import { AppError, conflict, forbidden, notFound } from "@/lib/errors";
import { levelLockMessage, type UnlockRule } from "@/features/courses/constants";
import type { Executor } from "@/db/client";
import { awardPoints, levelColumn } from "@/server/levels";
import { sanitizeArticleHtml } from "@/server/library";
import { preparedQueries } from "@/server/prepared-queries";
import {
  courseLessonsOpenTo,
  courseLevelReachedBy,
  courseOpenTo,
  courseVisibleTo,
  readerInQuery,
  readerShape,
  type CourseReader,
} from "./access";
import { noticeNextLessonOpened } from "./lesson-opened";
import { lessonLocks } from "./unlock";
import {
  assertVideoWatched,
  keepVideoPosition,
  lessonAddressFor,
  lessonMedia,
  lessonMediaRow,
  type MediaRow,
} from "./media";

const COURSE_NOT_FOUND = "Course not found.";
const LESSON_NOT_OPEN = "This lesson is not open yet.";
const LESSON_NOT_FOUND = "Lesson not found.";

/**
 * A course's card for her: the tier and the member level that open it, whether hers do, and her
 * progress in it.
 */
function cardColumns(user: CourseReader) {
  return {
    id: courses.id,
    title: courses.title,
    slug: courses.slug,
    summary: courses.summary,
    requiredMembershipLevel: courses.requiredMembershipLevel,
    status: courses.status,
    locked: sql<boolean>`not ${courseOpenTo(user)}`,
    requiredLevel: levelColumn(courses.requiredLevel),
    levelLocked: sql<boolean>`not ${courseLevelReachedBy(user)}`,
    total: sql<number>`(select count(*)::int from ${courseLessons} where ${courseLessons.courseId} = ${courses.id})`,
    completed: sql<number>`(select count(*)::int from ${lessonCompletions} where ${lessonCompletions.userId} = ${user.id} and ${lessonCompletions.courseId} = ${courses.id})`,
    startedAt: courseEnrolments.startedAt,
    completedAt: courseEnrolments.completedAt,
  };
}

export function toCard<T extends { total: number; completed: number }>(row: T) {
  const { total, completed, ...rest } = row;
  return { ...rest, progress: { completed, total } };
}

export function cards(user: CourseReader, database: Database = db) {
  return database
    .select(cardColumns(user))
    .from(courses)
    .leftJoin(courseEnrolments, and(eq(courseEnrolments.courseId, courses.id), eq(courseEnrolments.userId, user.id)))
    .$dynamic();
}

const courseList = preparedQueries("course_list", readerShape, (user: SessionUser, database, name) => {
  const her = readerInQuery(user);
  return cards(her, database).where(courseVisibleTo(her)).orderBy(asc(courses.position), asc(courses.id)).prepare(name);
});

/** GET /api/courses: every published course (drafts too for an admin), in the admins' order. */
export async function listCourses(user: SessionUser) {
  const rows = await courseList(user).execute({ userId: user.id });
  return rows.map(toCard);
}

/** A course's card for her by its slug, built once for her shape (docs/decisions/061-hot-queries-built-once.md). */
const courseBySlug = preparedQueries("course_by_slug", readerShape, (user: SessionUser, database, name) => {
  const her = readerInQuery(user);
  return cards(her, database)
    .where(and(eq(courses.slug, sql.placeholder("slug")), courseVisibleTo(her)))
    .limit(1)
    .prepare(name);
});

async function findCourse(user: SessionUser, slug: string) {
  const [row] = await courseBySlug(user).execute({ userId: user.id, slug });
  if (!row) throw notFound(COURSE_NOT_FOUND);
  return toCard(row);
}

/** The outline's query for her shape, with or without one lesson's content (built once, record 061). */
const outlineQuery = preparedQueries(
  "course_outline",
  ({ user, withContent }: { user: SessionUser; withContent: boolean }) => `${readerShape(user)} content:${withContent}`,
  ({ user, withContent }, database, name) => {
    const her = readerInQuery(user);
    const opened = withContent
      ? sql<boolean>`(${courseLessons.slug} = ${sql.placeholder("lessonSlug")} and ${courseLessonsOpenTo(her)})`
      : sql<boolean>`false`;
    const ifOpened = <T>(column: SQL | AnyPgColumn) => sql<T | null>`case when ${opened} then ${column} end`;
    return database
      .select({
        id: courseLessons.id,
        title: courseLessons.title,
        slug: courseLessons.slug,
        moduleId: courseModules.id,
        moduleTitle: courseModules.title,
        unlockRule: sql<UnlockRule>`coalesce(${courseLessons.unlockRule}, ${courseModules.unlockRule})`,
        unlockDays: sql<
          number | null
        >`case when ${courseLessons.unlockRule} is null then ${courseModules.unlockDays} else ${courseLessons.unlockDays} end`,
        unlockDate: sql<Date | null>`case when ${courseLessons.unlockRule} is null then ${courseModules.unlockDate} else ${courseLessons.unlockDate} end`,
        completed: sql<boolean>`${lessonCompletions.lessonId} is not null`,
        hasQuiz: sql<boolean>`exists (select 1 from ${courseQuizzes} where ${courseQuizzes.lessonId} = ${courseLessons.id})`,
        opened,
        content: ifOpened<string>(courseLessons.content),
        media: ifOpened<MediaRow>(lessonMediaRow),
      })
      .from(courseLessons)
      .innerJoin(courseModules, eq(courseModules.id, courseLessons.moduleId))
      .innerJoin(courses, eq(courses.id, courseLessons.courseId))
      .leftJoin(
        lessonCompletions,
        and(eq(lessonCompletions.lessonId, courseLessons.id), eq(lessonCompletions.userId, her.id)),
      )
      .where(eq(courseLessons.courseId, sql.placeholder("courseId")))
      .orderBy(asc(courseModules.position), asc(courseModules.id), asc(courseLessons.position), asc(courseLessons.id))
      .prepare(name);
  },
);

/**
 * Her course's lessons in course order, with her ticks and which are open to her. With `contentOf` (a
 * lesson's slug), that lesson's content and media come in the same query, only where her tier and her
 * level open the course (`opened`, in the query); the caller still withholds them while the lesson's
 * own rule keeps it locked.
 */
async function outlineOf(user: SessionUser, course: { id: number; startedAt: Date | null }, contentOf?: string) {
  const lessons = await outlineQuery({ user, withContent: contentOf !== undefined }).execute({
    userId: user.id,
    courseId: course.id,
    lessonSlug: contentOf,
  });
  const dated = lessons.map((lesson) => ({
    ...lesson,
    // A computed column arrives as text: drizzle maps only plain columns.
    unlockDate: lesson.unlockDate === null ? null : new Date(lesson.unlockDate),
  }));
  const locks = lessonLocks(dated, course.startedAt, new Date());
  return dated.map((lesson, index) => ({ ...lesson, lock: locks[index]! }));
}

type OutlineLesson = Awaited<ReturnType<typeof outlineOf>>[number];

const link = (lesson: OutlineLesson | undefined) => (lesson ? { slug: lesson.slug, title: lesson.title } : null);

/** Her next lesson: the first in order she has not completed, when it is open. */
function nextOf(lessons: OutlineLesson[]) {
  const first = lessons.find((lesson) => !lesson.completed);
  return first && !first.lock ? link(first) : null;
}

/**
 * GET /api/courses/{slug}: the course and, when her tier opens it, its outline with her ticks and
 * "Continue" (never below its required level: she reads the outline, not the lessons).
 */
export async function getCourseOutline(user: SessionUser, slug: string) {
  const course = await findCourse(user, slug);
  if (course.locked) return { ...course, modules: [], next: null };
  const lessons = await outlineOf(user, course);
  const modules: { id: number; title: string; lessons: ReturnType<typeof outlineLesson>[] }[] = [];
  for (const lesson of lessons) {
    if (modules.at(-1)?.id !== lesson.moduleId)
      modules.push({ id: lesson.moduleId, title: lesson.moduleTitle, lessons: [] });
    modules.at(-1)!.lessons.push(outlineLesson(lesson));
  }
  return { ...course, modules, next: course.levelLocked ? null : nextOf(lessons) };
}

function outlineLesson(lesson: OutlineLesson) {
  return { id: lesson.id, title: lesson.title, slug: lesson.slug, completed: lesson.completed, lock: lesson.lock };
}

export async function findLesson(user: SessionUser, course: Course, lessonSlug: string, withContent = false) {
  const lessons = course.locked ? [] : await outlineOf(user, course, withContent ? lessonSlug : undefined);
  const index = lessons.findIndex((lesson) => lesson.slug === lessonSlug);
  return { lessons, index, lesson: lessons[index] };
}

/**
 * GET /api/courses/{slug}/lessons/{lesson}. A course her tier does not open answers as one without
 * lessons (404: she sees its card on the course page). A locked lesson answers its title and lock,
 * never its content: the content comes with the outline only where her tier and her level open the
 * course (in the query) and is answered only once the lesson's rule opens it. Below the course's
 * required level every lesson is refused (403).
 */
export async function getCourseLesson(user: SessionUser, courseSlug: string, lessonSlug: string) {
  const course = await findCourse(user, courseSlug);
  const { lessons, index, lesson } = await findLesson(user, course, lessonSlug, true);
  if (!lesson) throw notFound(LESSON_NOT_FOUND);
  if (course.levelLocked) throw levelForbidden(course);
  let content: string | null = null;
  let media: Awaited<ReturnType<typeof lessonMedia>> | null = null;
  if (!lesson.lock) {
    if (!lesson.opened || lesson.content === null || lesson.media === null) throw forbidden(COURSE_CLOSED);
    content = sanitizeArticleHtml(lesson.content);
    media = await lessonMedia(user, lesson.id, lesson.media);
  }
  return {
    id: lesson.id,
    title: lesson.title,
    slug: lesson.slug,
    course,
    moduleTitle: lesson.moduleTitle,
    content,
    media,
    completed: lesson.completed,
    hasQuiz: lesson.hasQuiz,
    lock: lesson.lock,
    previous: link(lessons[index - 1]),
    next: link(lessons[index + 1]),
  };
}

/** Starts the course for her (idempotent): days_after_start lessons count from here. */
export async function enrol(tx: Executor, userId: number, courseId: number) {
  await tx.insert(courseEnrolments).values({ userId, courseId }).onConflictDoNothing();
  // Locked for the rest of the transaction, so that two lessons completed at once see each other.
  const [enrolment] = await tx
    .select()
    .from(courseEnrolments)
    .where(and(eq(courseEnrolments.userId, userId), eq(courseEnrolments.courseId, courseId)))
    .for("update");
  return enrolment!;
}

export type Course = Awaited<ReturnType<typeof findCourse>>;

const COURSE_CLOSED = "This course is not open to you.";

/** Her member level is below the course's. */
function levelForbidden(course: Course) {
  return forbidden(levelLockMessage(course.requiredLevel!));
}

export async function openCourse(user: SessionUser, slug: string) {
  const course = await findCourse(user, slug);
  if (course.locked) throw forbidden("Your membership does not include this course yet.");
  if (course.levelLocked) throw levelForbidden(course);
  return course;
}

/**
 * Inside a write's transaction: the course is still open to her tier and her level (its WHERE clause),
 * its row shared-locked until the write commits.
 */
export async function assertLessonsOpen(tx: Executor, user: SessionUser, courseId: number) {
  const [open] = await tx
    .select({ id: courses.id })
    .from(courses)
    .where(and(eq(courses.id, courseId), courseLessonsOpenTo(user)))
    .for("share");
  if (!open) throw forbidden(COURSE_CLOSED);
}

/** POST /api/courses/{slug}/start: she starts the course (again: nothing changes). */
export async function startCourse(user: SessionUser, slug: string) {
  const course = await openCourse(user, slug);
  const enrolment = await db.transaction(async (tx) => {
    await assertLessonsOpen(tx, user, course.id);
    return enrol(tx, user.id, course.id);
  });
  return { progress: course.progress, startedAt: enrolment.startedAt, completedAt: enrolment.completedAt };
}

/**
 * The lesson if it is open to her now (her tier, her level, its rule), else the refusal reading it
 * gives: 404 for a course or lesson she cannot see (a tier she lacks shows no lessons), 403 below its
 * level or before it opens. Everything done to or beside a lesson (complete, her place in its video,
 * its quiz, its discussion, its files) is reached through this.
 */
export async function openLesson(user: SessionUser, courseSlug: string, lessonSlug: string) {
  const course = await findCourse(user, courseSlug);
  const { lessons, index, lesson } = await findLesson(user, course, lessonSlug);
  if (!lesson) throw notFound(LESSON_NOT_FOUND);
  if (course.levelLocked) throw levelForbidden(course);
  if (lesson.lock) throw forbidden(LESSON_NOT_OPEN);
  return { course, lessons, index, lesson };
}

/** Whether she may read lesson `lessonId`'s files: the gate of its stored files (FILE_GATES). */
export async function canOpenLessonFiles(user: SessionUser, lessonId: number): Promise<boolean> {
  const address = await lessonAddressFor(user, lessonId);
  if (!address) return false;
  return openLesson(user, address.courseSlug, address.lessonSlug).then(
    () => true,
    (error: unknown) => {
      if (error instanceof AppError) return false;
      throw error;
    },
  );
}

/** PUT /api/courses/{slug}/lessons/{lesson}/position: her place in the lesson's video. */
export async function saveVideoPosition(user: SessionUser, courseSlug: string, lessonSlug: string, seconds: number) {
  const { lesson } = await openLesson(user, courseSlug, lessonSlug);
  return keepVideoPosition(user, lesson.id, seconds);
}

/**
 * POST /api/courses/{slug}/lessons/{lesson}/complete: "Mark complete", or her browser once she has
 * watched 90% of the lesson's uploaded video (`positionSeconds`, checked here). Refused for a lesson not
 * open to her, and for one with a quiz, which is completed by passing it (src/server/courses/quiz.ts,
 * record 053).
 */
export async function completeLesson(
  user: SessionUser,
  courseSlug: string,
  lessonSlug: string,
  report: { positionSeconds?: number } = {},
) {
  const { course, lessons, index, lesson } = await openLesson(user, courseSlug, lessonSlug);
  if (lesson.hasQuiz) throw conflict("This lesson is completed by passing its quiz.");
  return db.transaction(async (tx) => {
    await assertVideoWatched(tx, user, lesson.id, report.positionSeconds);
    return recordCompletion(tx, user, course, lessons, index);
  });
}

/**
 * The one place a lesson is completed and a course finished, inside the caller's transaction ("Mark
 * complete", or a passed quiz). Starts the course if she had not; finishes it with its last lesson.
 */
export async function recordCompletion(
  tx: Executor,
  user: SessionUser,
  course: Course,
  lessons: Awaited<ReturnType<typeof findLesson>>["lessons"],
  index: number,
) {
  const courseId = course.id;
  const lessonId = lessons[index]!.id;
  await assertLessonsOpen(tx, user, courseId);
  const enrolment = await enrol(tx, user.id, courseId);
  await tx.insert(lessonCompletions).values({ userId: user.id, lessonId, courseId }).onConflictDoNothing();
  const [done] = await tx
    .select({ n: count() })
    .from(lessonCompletions)
    .where(and(eq(lessonCompletions.userId, user.id), eq(lessonCompletions.courseId, courseId)));
  const [all] = await tx.select({ n: count() }).from(courseLessons).where(eq(courseLessons.courseId, courseId));
  let completedAt = enrolment.completedAt;
  if (!completedAt && done!.n >= all!.n) {
    const [finished] = await tx
      .update(courseEnrolments)
      .set({ completedAt: new Date() })
      .where(and(eq(courseEnrolments.userId, user.id), eq(courseEnrolments.courseId, courseId)))
      .returning({ completedAt: courseEnrolments.completedAt });
    completedAt = finished!.completedAt;
    // The one place a course is finished: its points are awarded in this transaction, so that a
    // finish is never without them (awardPoints gives them once per member and course).
    await awardPoints(tx, { userId: user.id, reason: "course", sourceId: courseId });
  }
  // Her next lesson waited for this one: she hears it is open (not when this finished the course).
  if (!completedAt) await noticeNextLessonOpened(tx, user.id, course, lessons[index + 1]);
  return { progress: { completed: done!.n, total: all!.n }, startedAt: enrolment.startedAt, completedAt };
}
