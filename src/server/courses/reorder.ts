import "server-only";
import { and, asc, eq } from "drizzle-orm";
import { db } from "@/db";
import type { Executor } from "@/db/client";
import { courseLessons, courseModules } from "@/db/schema";
import { ADMIN, assertAccess } from "@/lib/auth/access";
import type { SessionUser } from "@/lib/auth/session-user";
import { conflict, notFound } from "@/lib/errors";
import { recordAudit } from "@/server/audit";

// Drag to reorder in the admin's outline (docs/decisions/054-course-discussion-and-admin.md): the new
// order of a course's modules, or of a module's lessons, in one transaction. Up and Down
// (src/server/courses/editor.ts) stay for the keyboard.

const OUTLINE_CHANGED = "The outline has changed since you opened it. Reload the page and try again.";

/** Sets `ids`' positions to their order, when they are exactly the rows `current` holds (locked). */
async function setOrder(
  tx: Executor,
  current: number[],
  ids: number[],
  update: (id: number, position: number) => Promise<unknown>,
) {
  const same =
    current.length === ids.length &&
    [...current].sort((a, b) => a - b).join() === [...ids].sort((a, b) => a - b).join();
  if (!same) throw conflict(OUTLINE_CHANGED);
  for (const [position, id] of ids.entries()) await update(id, position);
}

/** PUT /api/admin/courses/{id}/module-order: the course's modules in this order. */
export async function reorderModules(viewer: SessionUser, courseId: number, ids: number[]) {
  assertAccess(viewer, ADMIN);
  await db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: courseModules.id })
      .from(courseModules)
      .where(eq(courseModules.courseId, courseId))
      .orderBy(asc(courseModules.id))
      .for("update");
    if (!rows.length) throw notFound("Course not found.");
    await setOrder(
      tx,
      rows.map((row) => row.id),
      ids,
      (id, position) =>
        tx
          .update(courseModules)
          .set({ position })
          .where(and(eq(courseModules.id, id), eq(courseModules.courseId, courseId))),
    );
    await recordAudit(
      {
        actorId: viewer.id,
        action: "course.module.reorder",
        entityType: "course",
        entityId: courseId,
        details: { moduleIds: ids },
      },
      tx,
    );
  });
  return { ok: true as const };
}

/** PUT /api/admin/course-modules/{id}/lesson-order: the module's lessons in this order. */
export async function reorderLessons(viewer: SessionUser, moduleId: number, ids: number[]) {
  assertAccess(viewer, ADMIN);
  await db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: courseLessons.id, courseId: courseLessons.courseId })
      .from(courseLessons)
      .where(eq(courseLessons.moduleId, moduleId))
      .orderBy(asc(courseLessons.id))
      .for("update");
    if (!rows.length) throw notFound("Module not found.");
    await setOrder(
      tx,
      rows.map((row) => row.id),
      ids,
      (id, position) =>
        tx
          .update(courseLessons)
          .set({ position })
          .where(and(eq(courseLessons.id, id), eq(courseLessons.moduleId, moduleId))),
    );
    await recordAudit(
      {
        actorId: viewer.id,
        action: "course.lesson.reorder",
        entityType: "course",
        entityId: rows[0]!.courseId,
        details: { moduleId, lessonIds: ids },
      },
      tx,
    );
  });
  return { ok: true as const };
}
