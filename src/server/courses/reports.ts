import "server-only";
import { and, desc, eq, lt, sql } from "drizzle-orm";
import { db } from "@/db";
import { courseEnrolments, courseLessons, lessonCompletions, users } from "@/db/schema";
import { ADMIN, assertAccess } from "@/lib/auth/access";
import type { SessionUser } from "@/lib/auth/session-user";
import { CSV_PAGE_SIZE, pagesByIdDescending, type CsvExport } from "@/server/csv";

// What the admin learns of members' progress: where they stop, and each member's progress as CSV.

/**
 * Where members who started a course and have not finished it are stopped: their first lesson, in
 * course order, not yet complete, with how many members, most first ("where members stop").
 */
async function stoppedAt(courseId: number | null) {
  const { rows } = await db.execute<{ course_id: number; lesson_id: number; title: string; members: number }>(sql`
    select e.course_id, first_open.id as lesson_id, first_open.title, count(*)::int as members
    from course_enrolments e
    cross join lateral (
      select l.id, l.title
      from course_lessons l
      join course_modules m on m.id = l.module_id
      where l.course_id = e.course_id
        and not exists (select 1 from lesson_completions c where c.user_id = e.user_id and c.lesson_id = l.id)
      order by m.position, m.id, l.position, l.id
      limit 1
    ) first_open
    where e.completed_at is null and (${courseId}::int is null or e.course_id = ${courseId}::int)
    group by e.course_id, first_open.id, first_open.title
    order by e.course_id, members desc, first_open.id`);
  return rows;
}

/** Per course, the lesson most members are stopped at, with how many (the course list's column). */
export async function whereMembersStop(viewer: SessionUser): Promise<Map<number, { title: string; members: number }>> {
  assertAccess(viewer, ADMIN);
  const stops = new Map<number, { title: string; members: number }>();
  for (const row of await stoppedAt(null))
    if (!stops.has(row.course_id)) stops.set(row.course_id, { title: row.title, members: row.members });
  return stops;
}

/** One course's lessons where members stop, most first (the admin's course page). */
export async function whereMembersStopIn(viewer: SessionUser, courseId: number) {
  assertAccess(viewer, ADMIN);
  return (await stoppedAt(courseId)).map((row) => ({
    lessonId: row.lesson_id,
    title: row.title,
    members: row.members,
  }));
}

interface ProgressRow {
  id: number;
  name: string;
  username: string;
  startedAt: Date;
  completed: number;
  total: number;
  completedAt: Date | null;
}

/** GET /api/admin/courses/{id}/export. */
export const COURSE_PROGRESS_CSV: CsvExport<ProgressRow> = {
  name: "course-progress",
  header: ["Member", "Username", "Started", "Lessons complete", "Lessons", "Finished"],
  row: (row) => [
    row.name,
    row.username,
    row.startedAt.toISOString(),
    row.completed,
    row.total,
    row.completedAt?.toISOString() ?? "",
  ],
};

/** Everyone who started course `courseId`, a page at a time (newest member first). */
export function courseProgressPages(viewer: SessionUser, courseId: number) {
  assertAccess(viewer, ADMIN);
  return pagesByIdDescending<ProgressRow>((beforeId) =>
    db
      .select({
        id: users.id,
        name: sql<string>`concat_ws(' ', ${users.firstName}, ${users.lastName})`,
        username: users.username,
        startedAt: courseEnrolments.startedAt,
        completed: sql<number>`(select count(*)::int from ${lessonCompletions} where ${lessonCompletions.userId} = ${users.id} and ${lessonCompletions.courseId} = ${courseId})`,
        total: sql<number>`(select count(*)::int from ${courseLessons} where ${courseLessons.courseId} = ${courseId})`,
        completedAt: courseEnrolments.completedAt,
      })
      .from(courseEnrolments)
      .innerJoin(users, eq(users.id, courseEnrolments.userId))
      .where(and(eq(courseEnrolments.courseId, courseId), beforeId === undefined ? undefined : lt(users.id, beforeId)))
      .orderBy(desc(users.id))
      .limit(CSV_PAGE_SIZE),
  );
}
