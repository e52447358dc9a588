import { and, asc, eq, like } from "drizzle-orm";
import type { Transaction } from "../client";
import * as t from "../schema";

// The demo's course community (docs/decisions/054-course-discussion-and-admin.md): a discussion under the
// first lesson of the demo member's course, and members of the wider community part way through it, so
// that the admin's "Where members stop" has figures, two of them stopped at the quiz (one out of its
// attempts, for the quiz's "Members out of attempts").

const DAY = 24 * 60 * 60 * 1000;
const COURSE = "finding-your-creative-rhythm";

const DISCUSSION: { author: string; daysAgo: number; comment: string }[] = [
  {
    author: "amara",
    daysAgo: 12,
    comment:
      "Rhythm over routine changed my year. I paint big in spring and sketch small all winter, and I no longer feel guilty about it.",
  },
  {
    author: "lena",
    daysAgo: 9,
    comment: "Same for music: my best sessions are late evening. Has anyone tried mapping energy across a whole month?",
  },
  {
    author: "member",
    daysAgo: 5,
    comment:
      "Just started this course. Writing my energy down three times a day already feels like a small act of care.",
  },
];

/** How many lessons each member of the wider community has completed (in course order) after starting. */
const PROGRESS = [0, 1, 1, 1, 2, 2, 3];
/** The third lesson's quiz (demo-courses.ts, three attempts): the scores of the two who stopped at it. */
const QUIZ_SCORES = [[0, 50, 50], [50]];

export async function seedDemoCourseCommunity(tx: Transaction, userIds: Record<string, number>) {
  const lessons = await tx
    .select({ id: t.courseLessons.id, courseId: t.courseLessons.courseId })
    .from(t.courseLessons)
    .innerJoin(t.courses, eq(t.courses.id, t.courseLessons.courseId))
    .innerJoin(t.courseModules, eq(t.courseModules.id, t.courseLessons.moduleId))
    .where(eq(t.courses.slug, COURSE))
    .orderBy(asc(t.courseModules.position), asc(t.courseLessons.position));
  const courseId = lessons[0]!.courseId;
  await tx.insert(t.contentComments).values(
    DISCUSSION.map(({ author, daysAgo, comment }) => ({
      lessonId: lessons[0]!.id,
      userId: userIds[author]!,
      comment,
      createdAt: new Date(Date.now() - daysAgo * DAY),
    })),
  );

  // Members of the wider community (demo-levels.ts) who took the course at the Create tier.
  const voices = await tx
    .select({ id: t.users.id })
    .from(t.users)
    .where(and(like(t.users.email, "voice%@example.com"), eq(t.users.membershipLevel, "create")))
    .orderBy(asc(t.users.id));
  for (const [index, voice] of voices.slice(0, PROGRESS.length).entries()) {
    const done = PROGRESS[index]!;
    const startedAt = new Date(Date.now() - (30 + index * 3) * DAY);
    // Part way through: the lessons after the third open on a date or days after the start.
    await tx.insert(t.courseEnrolments).values({ userId: voice.id, courseId, startedAt });
    if (done)
      await tx.insert(t.lessonCompletions).values(
        lessons.slice(0, done).map((lesson, order) => ({
          userId: voice.id,
          courseId,
          lessonId: lesson.id,
          completedAt: new Date(startedAt.getTime() + (order + 1) * DAY),
        })),
      );
    const scores = done === 2 ? QUIZ_SCORES[index - PROGRESS.indexOf(2)] : undefined;
    if (scores)
      await tx.insert(t.courseQuizAttempts).values(
        scores.map((score, attempt) => ({
          userId: voice.id,
          lessonId: lessons[2]!.id,
          score,
          passed: false,
          createdAt: new Date(startedAt.getTime() + (3 + attempt) * DAY),
        })),
      );
  }
}
