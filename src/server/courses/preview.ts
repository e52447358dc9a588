import "server-only";
import { eq } from "drizzle-orm";
import { db } from "@/db";
import { courses } from "@/db/schema";
import { ADMIN, assertAccess } from "@/lib/auth/access";
import type { SessionUser } from "@/lib/auth/session-user";
import { AppError } from "@/lib/errors";
import { previewAs } from "./access";
import { getCourseLesson, getCourseOutline } from "./member";

// "Preview as a tier" on the admin's course page: the course and a lesson as a new member of the tier
// sees them, through the members' own reads (their gating and locks), never a copy of their rules.

async function slugOf(courseId: number): Promise<string | null> {
  const [row] = await db.select({ slug: courses.slug }).from(courses).where(eq(courses.id, courseId));
  return row?.slug ?? null;
}

/** The course's outline as a member of `tier` sees it; null for a course that does not exist. */
export async function previewCourse(viewer: SessionUser, courseId: number, tier: string) {
  assertAccess(viewer, ADMIN);
  const slug = await slugOf(courseId);
  return slug ? getCourseOutline(previewAs(viewer, tier), slug) : null;
}

/** One lesson as a member of `tier` sees it, or what she is told when it is refused to her. */
export async function previewLesson(viewer: SessionUser, courseId: number, tier: string, lessonSlug: string) {
  assertAccess(viewer, ADMIN);
  const slug = await slugOf(courseId);
  if (!slug) return null;
  try {
    return { lesson: await getCourseLesson(previewAs(viewer, tier), slug, lessonSlug), refusal: null };
  } catch (error) {
    if (error instanceof AppError) return { lesson: null, refusal: error.message };
    throw error;
  }
}
