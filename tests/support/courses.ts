import { randomUUID } from "node:crypto";
import { courseLessons, courseModules, courses } from "@/db/schema";
import { testDb } from "./db";

// Courses written straight to the test database, for the courses' integration tests.

const unique = () => randomUUID().slice(0, 8);

/** A published course written straight to the database: one module per entry, each with its lessons. */
export async function insertCourse(options: {
  level?: string | null;
  /** The member level (points and levels) that opens it. */
  requiredLevel?: number | null;
  status?: string;
  modules: { rule: string; days?: number; date?: Date; lessons: { rule?: string; content?: string }[] }[];
}) {
  const slug = `course-${unique()}`;
  const [course] = await testDb()
    .insert(courses)
    .values({
      title: `Course ${slug}`,
      slug,
      summary: "A course for the tests.",
      requiredMembershipLevel: options.level ?? null,
      requiredLevel: options.requiredLevel ?? null,
      status: options.status ?? "published",
    })
    .returning();
  const lessons: { id: number; slug: string; title: string }[] = [];
  for (const [position, module] of options.modules.entries()) {
    const [row] = await testDb()
      .insert(courseModules)
      .values({
        courseId: course!.id,
        title: `Module ${position + 1}`,
        position,
        unlockRule: module.rule,
        unlockDays: module.days ?? null,
        unlockDate: module.date ?? null,
      })
      .returning();
    for (const [index, lesson] of module.lessons.entries()) {
      const lessonSlug = `lesson-${lessons.length + 1}`;
      const [inserted] = await testDb()
        .insert(courseLessons)
        .values({
          courseId: course!.id,
          moduleId: row!.id,
          title: `Lesson ${lessons.length + 1}`,
          slug: lessonSlug,
          content: lesson.content ?? `<p>Words of ${lessonSlug}</p>`,
          position: index,
          unlockRule: lesson.rule ?? null,
        })
        .returning();
      lessons.push({ id: inserted!.id, slug: lessonSlug, title: inserted!.title });
    }
  }
  return { ...course!, lessons };
}
