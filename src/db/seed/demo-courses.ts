import type { Transaction } from "../client";
import * as t from "../schema";
import type { UnlockRule } from "@/features/courses/constants";
import type { TierId } from "@/features/membership/constants";
import {
  DEMO_LESSON_VIDEO_SECONDS,
  seedDemoLessonMedia,
  type DemoCourseFileKey,
  type DemoLessonMedia,
} from "./demo-course-media";
import type { CourseQuizValues } from "@/features/courses/quiz";

// Demo courses: one open to the demo `member` (Create tier) and in progress for her (a sequential
// module, a lesson that opens days after her start and one on a date), one for the Empower tier,
// which she sees locked with the tier that opens it, and one for every tier from member level 4
// (Helper, 65 points), above any demo member's points, which she sees with "Opens at level 4". The
// first course's "Tools" module has a video lesson, a PDF lesson with a download and a library item;
// her next lesson, "The fifteen-minute start", has a quiz: she completes it by passing it.

const DAY = 24 * 60 * 60 * 1000;

interface DemoLesson {
  title: string;
  slug: string;
  paragraphs: string[];
  /** A quiz completes the lesson (docs/decisions/053-course-quizzes.md). */
  quiz?: CourseQuizValues;
  unlockRule?: UnlockRule;
  unlockDays?: number;
  /** on_date: this many days from the seed. */
  opensInDays?: number;
  /** A video, PDF or library item lesson, and its downloads (demo-course-media.ts). */
  media?: DemoLessonMedia;
  downloads?: DemoCourseFileKey[];
}

interface DemoCourse {
  title: string;
  slug: string;
  summary: string;
  requiredMembershipLevel: TierId | null;
  /** The member level (points and levels) that opens it. */
  requiredLevel?: number;
  modules: { title: string; unlockRule: UnlockRule; unlockDays?: number; lessons: DemoLesson[] }[];
  /** Lessons the demo member has completed, by slug, and when she started (days ago). */
  member?: { startedDaysAgo: number; completed: string[] };
}

export const DEMO_COURSES: DemoCourse[] = [
  {
    title: "Finding Your Creative Rhythm",
    slug: "finding-your-creative-rhythm",
    summary: "Five short lessons to build a creative practice that fits your life, one week at a time.",
    requiredMembershipLevel: "create",
    member: { startedDaysAgo: 6, completed: ["why-rhythm-beats-routine", "your-energy-map"] },
    modules: [
      {
        title: "Foundations",
        unlockRule: "immediately",
        lessons: [
          {
            title: "Why rhythm beats routine",
            slug: "why-rhythm-beats-routine",
            paragraphs: [
              "A routine asks the same of you every day. A rhythm follows your energy: it has seasons, rests and returns.",
              "In this course you will notice when you create best, and build a practice around it rather than against it.",
            ],
          },
          {
            title: "Your energy map",
            slug: "your-energy-map",
            paragraphs: [
              "For one week, note three times a day how much energy you have, from one to five.",
              "Circle the hours when a four or a five comes back: those are your creative windows.",
            ],
          },
        ],
      },
      {
        title: "Practice",
        unlockRule: "after_previous",
        lessons: [
          {
            title: "The fifteen-minute start",
            slug: "the-fifteen-minute-start",
            paragraphs: [
              "Pick one of your creative windows and give it fifteen minutes, no more. Stop while you still want to go on.",
              "Starting small makes returning easy; returning is what makes a rhythm.",
            ],
            quiz: {
              passMark: 100,
              maxAttempts: 3,
              questions: [
                {
                  prompt: "How long is a fifteen-minute start?",
                  kind: "single",
                  options: [
                    { label: "Fifteen minutes, no more", correct: true },
                    { label: "As long as the energy lasts", correct: false },
                    { label: "An hour, to make it count", correct: false },
                  ],
                },
                {
                  prompt: "Which of these help a rhythm last?",
                  kind: "multiple",
                  options: [
                    { label: "Stopping while you still want to go on", correct: true },
                    { label: "Starting small so that returning is easy", correct: true },
                    { label: "Making up missed days with longer sessions", correct: false },
                  ],
                },
              ],
            },
          },
          {
            title: "Rest as part of the work",
            slug: "rest-as-part-of-the-work",
            paragraphs: ["Plan the days you will not create as carefully as the days you will."],
          },
          {
            title: "A month in review",
            slug: "a-month-in-review",
            unlockRule: "days_after_start",
            unlockDays: 28,
            paragraphs: ["Four weeks in: look back over your energy map and your sessions, and keep what worked."],
          },
        ],
      },
      {
        title: "Tools",
        unlockRule: "immediately",
        lessons: [
          {
            title: "A creative warm-up",
            slug: "a-creative-warm-up",
            paragraphs: ["Eight seconds to settle before a session: watch, breathe, begin."],
            media: { kind: "video", file: "demo/creative-warm-up.mp4", durationSeconds: DEMO_LESSON_VIDEO_SECONDS },
          },
          {
            title: "The energy map worksheet",
            slug: "the-energy-map-worksheet",
            paragraphs: ["Print the worksheet for your week of noticing, and the session log for the weeks after."],
            media: { kind: "pdf", file: "demo/energy-map-worksheet.pdf" },
            downloads: ["demo/session-log.pdf"],
          },
          {
            title: "Breathe before you begin",
            slug: "breathe-before-you-begin",
            paragraphs: ["The library's morning breathwork session makes a good start to a creative window."],
            media: { kind: "library_item", itemSlug: "morning-breathwork-session" },
          },
        ],
      },
    ],
  },
  {
    title: "Leading Without Burning Out",
    slug: "leading-without-burning-out",
    summary: "For womxn who lead teams, studios and communities: boundaries, delegation and recovery.",
    requiredMembershipLevel: "empower",
    modules: [
      {
        title: "Boundaries",
        unlockRule: "immediately",
        lessons: [
          {
            title: "Saying no with care",
            slug: "saying-no-with-care",
            paragraphs: ["A clear no protects the yes that matters. Three ways to decline that keep the relationship."],
          },
          {
            title: "The live session: delegation",
            slug: "live-session-delegation",
            unlockRule: "on_date",
            opensInDays: 14,
            paragraphs: ["The recording of our live session on delegation, with the worksheet."],
          },
        ],
      },
    ],
  },
  {
    title: "Mentoring Newer Members",
    slug: "mentoring-newer-members",
    summary: "For members who already help others here: how to welcome, listen and give feedback that lands.",
    requiredMembershipLevel: null,
    requiredLevel: 4,
    modules: [
      {
        title: "Holding the door open",
        unlockRule: "after_previous",
        lessons: [
          {
            title: "The first welcome",
            slug: "the-first-welcome",
            paragraphs: ["What a newcomer needs in her first week, and the three questions that help her stay."],
          },
          {
            title: "Feedback that lands",
            slug: "feedback-that-lands",
            paragraphs: ["Ask what she wants feedback on, name what works, then offer one thing to try."],
          },
        ],
      },
    ],
  },
];

export async function seedDemoCourses(tx: Transaction, memberId: number): Promise<void> {
  for (const [position, course] of DEMO_COURSES.entries()) {
    const [row] = await tx
      .insert(t.courses)
      .values({
        title: course.title,
        slug: course.slug,
        summary: course.summary,
        requiredMembershipLevel: course.requiredMembershipLevel,
        requiredLevel: course.requiredLevel ?? null,
        status: "published",
        position,
      })
      .returning({ id: t.courses.id });
    const courseId = row!.id;
    const lessonIds = new Map<string, number>();
    for (const [modulePosition, module] of course.modules.entries()) {
      const [moduleRow] = await tx
        .insert(t.courseModules)
        .values({
          courseId,
          title: module.title,
          position: modulePosition,
          unlockRule: module.unlockRule,
          unlockDays: module.unlockDays ?? null,
        })
        .returning({ id: t.courseModules.id });
      const lessons = await tx
        .insert(t.courseLessons)
        .values(
          module.lessons.map((lesson, lessonPosition) => ({
            courseId,
            moduleId: moduleRow!.id,
            title: lesson.title,
            slug: lesson.slug,
            content: lesson.paragraphs.map((text) => `<p>${text}</p>`).join(""),
            position: lessonPosition,
            unlockRule: lesson.unlockRule ?? null,
            unlockDays: lesson.unlockDays ?? null,
            unlockDate: lesson.opensInDays ? new Date(Date.now() + lesson.opensInDays * DAY) : null,
          })),
        )
        .returning({ id: t.courseLessons.id, slug: t.courseLessons.slug });
      for (const [index, lesson] of lessons.entries()) {
        lessonIds.set(lesson.slug, lesson.id);
        await seedDemoLessonMedia(tx, lesson.id, module.lessons[index]!);
      }
      for (const lesson of module.lessons)
        if (lesson.quiz) await seedQuiz(tx, lessonIds.get(lesson.slug)!, lesson.quiz);
    }
    if (course.member) {
      const startedAt = new Date(Date.now() - course.member.startedDaysAgo * DAY);
      await tx.insert(t.courseEnrolments).values({ userId: memberId, courseId, startedAt });
      await tx.insert(t.lessonCompletions).values(
        course.member.completed.map((slug, index) => ({
          userId: memberId,
          courseId,
          lessonId: lessonIds.get(slug)!,
          completedAt: new Date(startedAt.getTime() + (index + 1) * DAY),
        })),
      );
    }
  }
}

async function seedQuiz(tx: Transaction, lessonId: number, quiz: CourseQuizValues) {
  await tx.insert(t.courseQuizzes).values({ lessonId, passMark: quiz.passMark, maxAttempts: quiz.maxAttempts });
  for (const [position, question] of quiz.questions.entries()) {
    const [row] = await tx
      .insert(t.courseQuizQuestions)
      .values({ lessonId, position, prompt: question.prompt, kind: question.kind })
      .returning({ id: t.courseQuizQuestions.id });
    await tx
      .insert(t.courseQuizOptions)
      .values(question.options.map((option, index) => ({ questionId: row!.id, position: index, ...option })));
  }
}
