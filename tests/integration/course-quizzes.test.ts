import { Client } from "pg";
import { and, eq, sql } from "drizzle-orm";
import {
  auditLog,
  courseEnrolments,
  courseQuizAttempts,
  lessonCompletions,
  notifications,
  pointEntries,
} from "@/db/schema";
import { COURSE_COMPLETION_POINTS } from "@/features/levels/constants";
import { closeTestDb, createTestUser, TEST_PASSWORD, testDb } from "../support/db";
import { insertCourse } from "../support/courses";
import { answersBy, insertQuiz, TWO_QUESTIONS } from "../support/course-quizzes";
import { call, signIn, type CallResult } from "../support/http";
import { testEnv } from "../support/env";

// Lesson quizzes (docs/decisions/053-course-quizzes.md): graded on the server, the correct answers
// never sent to a member, refused where the lesson's content is, a pass completing the lesson through
// the one completion path once however many attempts arrive at once, and the attempts allowed.

afterAll(closeTestDb);

const quizPath = (course: { slug: string }, lesson: string) => `/api/courses/${course.slug}/lessons/${lesson}/quiz`;
const RIGHT = [["Blue"], ["Apple", "Pear"]];
const HALF_RIGHT = [["Blue"], ["Apple"]];

async function member(membershipLevel = "create") {
  const user = await createTestUser({ membershipLevel });
  return { id: user.id, cookie: await signIn(user.username, TEST_PASSWORD) };
}

const attempts = (userId: number, lessonId: number) =>
  testDb()
    .select({ score: courseQuizAttempts.score, passed: courseQuizAttempts.passed })
    .from(courseQuizAttempts)
    .where(and(eq(courseQuizAttempts.userId, userId), eq(courseQuizAttempts.lessonId, lessonId)))
    .orderBy(courseQuizAttempts.id);

/**
 * Sends `count` attempts while another connection holds her enrolment's row, and lets them go once
 * every one waits for it: they then run one after the other, each under the lock an attempt takes
 * before it counts (an attempt that did not wait would never be counted as waiting, and fails this).
 */
async function attemptsAtOnce(
  her: { id: number; cookie: string },
  courseId: number,
  path: string,
  body: unknown,
  count: number,
) {
  await testDb().insert(courseEnrolments).values({ userId: her.id, courseId }).onConflictDoNothing();
  const holder = new Client({ connectionString: testEnv().databaseUrl });
  await holder.connect();
  try {
    await holder.query("begin");
    await holder.query("select 1 from course_enrolments where user_id = $1 and course_id = $2 for update", [
      her.id,
      courseId,
    ]);
    const sent = Array.from({ length: count }, () => call(path, { cookie: her.cookie, body }));
    const waiting = async () =>
      (
        await testDb().execute<{ waiting: number }>(
          sql`select count(*)::int as waiting from pg_stat_activity where wait_event_type = 'Lock' and query like '%from "course_enrolments"%for update%'`,
        )
      ).rows[0]!.waiting;
    for (let tries = 0; (await waiting()) < count; tries++) {
      if (tries > 200) throw new Error("The attempts never waited for her enrolment's lock.");
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await holder.query("commit");
    return (await Promise.all(sent)) as CallResult[];
  } finally {
    await holder.query("rollback").catch(() => {});
    await holder.end();
  }
}

describe("lesson quizzes", () => {
  it("grades her answers on the server, never sends the correct ones, and completes the lesson on a pass", async () => {
    const her = await member();
    const course = await insertCourse({ modules: [{ rule: "after_previous", lessons: [{}, {}] }] });
    const questions = await insertQuiz(course.lessons[0]!.id, { passMark: 100 });

    const lesson = await call(`/api/courses/${course.slug}/lessons/lesson-1`, { cookie: her.cookie });
    expect(lesson.json).toMatchObject({ hasQuiz: true, completed: false });
    // "Mark complete" does not complete a lesson with a quiz.
    const marked = await call(`/api/courses/${course.slug}/lessons/lesson-1/complete`, {
      cookie: her.cookie,
      method: "POST",
    });
    expect(marked.status).toBe(409);
    expect(marked.json.error).toBe("This lesson is completed by passing its quiz.");

    const quiz = await call(quizPath(course, "lesson-1"), { cookie: her.cookie });
    expect(quiz.status).toBe(200);
    expect(quiz.json).toEqual({
      passMark: 100,
      maxAttempts: null,
      questions: TWO_QUESTIONS.map((question, index) => ({
        id: questions[index]!.id,
        prompt: question.prompt,
        kind: question.kind,
        options: question.options.map((option) => ({
          id: questions[index]!.options[option.label],
          label: option.label,
        })),
      })),
      attemptsUsed: 0,
      attemptsLeft: null,
      passed: false,
      bestScore: null,
    });
    expect(quiz.text).not.toMatch(/correct/i);

    // One of the two right (a multiple-choice question with one of its two answers is wrong): 50%.
    const failed = await call(`${quizPath(course, "lesson-1")}/attempts`, {
      cookie: her.cookie,
      body: answersBy(questions, HALF_RIGHT),
    });
    expect(failed.status).toBe(200);
    expect(failed.json).toEqual({
      score: 50,
      passed: false,
      questions: [
        { id: questions[0]!.id, correct: true },
        { id: questions[1]!.id, correct: false },
      ],
      attemptsUsed: 1,
      attemptsLeft: null,
      progress: null,
    });
    // Which answers were right is not in it: only whether each question was.
    expect(failed.text).not.toContain(String(questions[1]!.options.Pear));
    expect(
      (await call(`/api/courses/${course.slug}/lessons/lesson-2`, { cookie: her.cookie })).json.content,
    ).toBeNull();

    // An answer too many (the wrong one besides the right ones) is wrong too.
    const tooMany = await call(`${quizPath(course, "lesson-1")}/attempts`, {
      cookie: her.cookie,
      body: answersBy(questions, [["Blue"], ["Apple", "Pear", "Carrot"]]),
    });
    expect(tooMany.json).toMatchObject({ score: 50, passed: false });

    const passed = await call(`${quizPath(course, "lesson-1")}/attempts`, {
      cookie: her.cookie,
      body: answersBy(questions, RIGHT),
    });
    expect(passed.json).toMatchObject({
      score: 100,
      passed: true,
      attemptsUsed: 3,
      progress: { progress: { completed: 1, total: 2 }, completedAt: null },
    });
    expect((await call(`/api/courses/${course.slug}/lessons/lesson-1`, { cookie: her.cookie })).json.completed).toBe(
      true,
    );
    expect((await call(`/api/courses/${course.slug}/lessons/lesson-2`, { cookie: her.cookie })).json.content).toContain(
      "Words of lesson-2",
    );
    expect(await attempts(her.id, course.lessons[0]!.id)).toEqual([
      { score: 50, passed: false },
      { score: 50, passed: false },
      { score: 100, passed: true },
    ]);
    expect((await call(quizPath(course, "lesson-1"), { cookie: her.cookie })).json).toMatchObject({
      passed: true,
      bestScore: 100,
    });

    // Passed: no more attempts.
    const again = await call(`${quizPath(course, "lesson-1")}/attempts`, {
      cookie: her.cookie,
      body: answersBy(questions, RIGHT),
    });
    expect(again.status).toBe(409);
    expect(again.json.error).toBe("You have already passed this quiz.");
  });

  it("refuses answers to questions the quiz no longer has, and a lesson without a quiz", async () => {
    const her = await member();
    const course = await insertCourse({ modules: [{ rule: "immediately", lessons: [{}, {}] }] });
    await insertQuiz(course.lessons[0]!.id);
    const stale = await call(`${quizPath(course, "lesson-1")}/attempts`, {
      cookie: her.cookie,
      body: { answers: [{ questionId: 2_000_000_000, optionIds: [1] }] },
    });
    expect(stale.status).toBe(409);
    expect(await attempts(her.id, course.lessons[0]!.id)).toEqual([]);
    expect((await call(quizPath(course, "lesson-2"), { cookie: her.cookie })).status).toBe(404);
    const bad = await call(`${quizPath(course, "lesson-1")}/attempts`, {
      cookie: her.cookie,
      body: { answers: "all of them" },
    });
    expect(bad.status).toBe(400);
  });

  it("refuses a locked lesson's quiz and one above her level (403); a course her tier does not open has none (404)", async () => {
    const her = await member();
    const sequential = await insertCourse({ modules: [{ rule: "after_previous", lessons: [{}, {}] }] });
    const questions = await insertQuiz(sequential.lessons[1]!.id);
    const read = await call(quizPath(sequential, "lesson-2"), { cookie: her.cookie });
    expect(read.status).toBe(403);
    expect(read.text).not.toContain("Which colour is the sky?");
    const sent = await call(`${quizPath(sequential, "lesson-2")}/attempts`, {
      cookie: her.cookie,
      body: answersBy(questions, RIGHT),
    });
    expect(sent.status).toBe(403);
    expect(await attempts(her.id, sequential.lessons[1]!.id)).toEqual([]);

    const empower = await insertCourse({ level: "empower", modules: [{ rule: "immediately", lessons: [{}] }] });
    const empowerQuestions = await insertQuiz(empower.lessons[0]!.id);
    expect((await call(quizPath(empower, "lesson-1"), { cookie: her.cookie })).status).toBe(404);
    const above = await call(`${quizPath(empower, "lesson-1")}/attempts`, {
      cookie: her.cookie,
      body: answersBy(empowerQuestions, RIGHT),
    });
    expect(above.status).toBe(404);
    expect(await attempts(her.id, empower.lessons[0]!.id)).toEqual([]);

    const levelled = await insertCourse({ requiredLevel: 9, modules: [{ rule: "immediately", lessons: [{}] }] });
    await insertQuiz(levelled.lessons[0]!.id);
    const belowLevel = await call(quizPath(levelled, "lesson-1"), { cookie: her.cookie });
    expect(belowLevel.status).toBe(403);
    expect(belowLevel.text).not.toContain("Which colour is the sky?");
    expect((await call(quizPath(levelled, "lesson-1"))).status).toBe(401);
  });

  it("completes the lesson and finishes the course once when passing answers arrive at once", async () => {
    const her = await member();
    const course = await insertCourse({ modules: [{ rule: "immediately", lessons: [{}] }] });
    const questions = await insertQuiz(course.lessons[0]!.id);
    const answers = await attemptsAtOnce(
      her,
      course.id,
      `${quizPath(course, "lesson-1")}/attempts`,
      answersBy(questions, RIGHT),
      4,
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409, 409]);
    const pass = answers.find((answer) => answer.status === 200)!;
    expect(pass.json.progress).toMatchObject({ progress: { completed: 1, total: 1 } });
    expect(pass.json.progress.completedAt).not.toBeNull();
    expect(await attempts(her.id, course.lessons[0]!.id)).toEqual([{ score: 100, passed: true }]);
    expect(await testDb().select().from(lessonCompletions).where(eq(lessonCompletions.userId, her.id))).toHaveLength(1);
    const [enrolment] = await testDb()
      .select()
      .from(courseEnrolments)
      .where(and(eq(courseEnrolments.userId, her.id), eq(courseEnrolments.courseId, course.id)));
    expect(enrolment!.completedAt).not.toBeNull();
    expect(
      await testDb()
        .select({ points: pointEntries.points })
        .from(pointEntries)
        .where(and(eq(pointEntries.userId, her.id), eq(pointEntries.reason, "course"))),
    ).toEqual([{ points: COURSE_COMPLETION_POINTS }]);
  });

  it("keeps to the attempts allowed, even sent at once, and then refuses even a right answer", async () => {
    const her = await member();
    const course = await insertCourse({ modules: [{ rule: "immediately", lessons: [{}] }] });
    const questions = await insertQuiz(course.lessons[0]!.id, { maxAttempts: 2 });
    const answers = await attemptsAtOnce(
      her,
      course.id,
      `${quizPath(course, "lesson-1")}/attempts`,
      answersBy(questions, HALF_RIGHT),
      3,
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 403]);
    expect(answers.map((answer) => answer.json.attemptsLeft).sort()).toEqual([0, 1, undefined]);
    expect(answers.find((answer) => answer.status === 403)!.json.error).toBe(
      "You have used every attempt at this quiz.",
    );
    expect((await call(quizPath(course, "lesson-1"), { cookie: her.cookie })).json).toMatchObject({
      maxAttempts: 2,
      attemptsUsed: 2,
      attemptsLeft: 0,
      passed: false,
      bestScore: 50,
    });
    const late = await call(`${quizPath(course, "lesson-1")}/attempts`, {
      cookie: her.cookie,
      body: answersBy(questions, RIGHT),
    });
    expect(late.status).toBe(403);
    expect(await attempts(her.id, course.lessons[0]!.id)).toHaveLength(2);
    expect(await testDb().select().from(lessonCompletions).where(eq(lessonCompletions.userId, her.id))).toEqual([]);
  });

  it("gives a member out of attempts another try: an admin's call, her attempts kept but no longer counted", async () => {
    const admin = await signIn((await createTestUser({ isAdmin: true })).username, TEST_PASSWORD);
    const her = await member();
    const other = await member();
    const course = await insertCourse({ modules: [{ rule: "immediately", lessons: [{}] }] });
    const lessonId = course.lessons[0]!.id;
    const questions = await insertQuiz(lessonId, { maxAttempts: 2 });
    const send = (who: { cookie: string }, answers: string[][]) =>
      call(`${quizPath(course, "lesson-1")}/attempts`, { cookie: who.cookie, body: answersBy(questions, answers) });
    for (let i = 0; i < 2; i++) expect((await send(her, HALF_RIGHT)).status).toBe(200);
    expect((await send(other, HALF_RIGHT)).status).toBe(200);
    const retries = `/api/admin/course-lessons/${lessonId}/quiz/retries`;

    // Only she used every attempt; a member is refused the list and the call.
    expect((await call(retries, { cookie: her.cookie })).status).toBe(403);
    expect((await call(retries, { cookie: her.cookie, body: { userId: her.id } })).status).toBe(403);
    const listed = await call(retries, { cookie: admin });
    expect(listed.status).toBe(200);
    expect(listed.json).toEqual([
      expect.objectContaining({ userId: her.id, attempts: 2, bestScore: 50, lastAttemptAt: expect.any(String) }),
    ]);
    expect((await call(retries, { cookie: admin, body: { userId: "x" } })).status).toBe(400);

    const given = await call(retries, { cookie: admin, body: { userId: her.id } });
    expect(given.status).toBe(200);
    expect(given.json).toEqual({ userId: her.id, attemptsCleared: 2 });
    // She is told, through the notification pipeline; the other member is not.
    const noticesTo = (userId: number) =>
      testDb()
        .select({ kind: notifications.kind, title: notifications.title, url: notifications.url })
        .from(notifications)
        .where(and(eq(notifications.userId, userId), eq(notifications.kind, "lesson_opened")));
    expect(await noticesTo(her.id)).toEqual([
      {
        kind: "lesson_opened",
        title: `You can take the quiz in “${course.lessons[0]!.title}” again`,
        url: `/courses/${course.slug}/lesson-1`,
      },
    ]);
    expect(await noticesTo(other.id)).toEqual([]);
    expect((await call(retries, { cookie: admin })).json).toEqual([]);
    expect((await call(quizPath(course, "lesson-1"), { cookie: her.cookie })).json).toMatchObject({
      attemptsUsed: 0,
      attemptsLeft: 2,
      bestScore: null,
    });
    // Asked again with nothing left to clear: 404, and her two attempts are still on record.
    expect((await call(retries, { cookie: admin, body: { userId: her.id } })).status).toBe(404);
    expect(await attempts(her.id, lessonId)).toHaveLength(2);

    // Her new try counts from one, and passing completes the lesson; a passed quiz has no try to give.
    const passed = await send(her, RIGHT);
    expect(passed.json).toMatchObject({ passed: true, attemptsUsed: 1, attemptsLeft: 1 });
    expect((await call(retries, { cookie: admin, body: { userId: her.id } })).status).toBe(409);
    expect(await attempts(her.id, lessonId)).toHaveLength(3);
    const audit = await testDb()
      .select({ action: auditLog.action, details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.entityType, "course"), eq(auditLog.entityId, String(course.id))));
    expect(audit).toEqual([
      { action: "course.lesson.quiz.retry", details: { lessonId, userId: her.id, attemptsCleared: 2 } },
    ]);
  });

  it("lets only an admin save a valid quiz, with its answers, in the audit log", async () => {
    const admin = await createTestUser({ isAdmin: true });
    const adminCookie = await signIn(admin.username, TEST_PASSWORD);
    const her = await member();
    const course = await insertCourse({ modules: [{ rule: "immediately", lessons: [{}] }] });
    const path = `/api/admin/course-lessons/${course.lessons[0]!.id}/quiz`;
    const quiz = { passMark: 50, maxAttempts: 3, questions: TWO_QUESTIONS };

    expect((await call(path, { cookie: her.cookie, method: "PUT", body: quiz })).status).toBe(403);
    expect((await call(path, { cookie: adminCookie })).status).toBe(404);

    const twoRight = {
      ...quiz,
      questions: [{ ...TWO_QUESTIONS[0]!, options: TWO_QUESTIONS[0]!.options.map((o) => ({ ...o, correct: true })) }],
    };
    const refused = await call(path, { cookie: adminCookie, method: "PUT", body: twoRight });
    expect(refused.status).toBe(400);
    expect(refused.json.fields["questions.0.options"]).toBe(
      "A question with one answer has exactly one correct answer",
    );
    const oneOption = { ...quiz, questions: [{ ...TWO_QUESTIONS[1]!, options: [{ label: "Apple", correct: true }] }] };
    expect((await call(path, { cookie: adminCookie, method: "PUT", body: oneOption })).json.fields).toMatchObject({
      "questions.0.options": "Please give at least 2 answers",
    });
    const noneRight = {
      ...quiz,
      questions: [{ ...TWO_QUESTIONS[1]!, options: TWO_QUESTIONS[1]!.options.map((o) => ({ ...o, correct: false })) }],
    };
    expect((await call(path, { cookie: adminCookie, method: "PUT", body: noneRight })).json.fields).toMatchObject({
      "questions.0.options": "Please mark at least one answer correct",
    });

    expect((await call(path, { cookie: adminCookie, method: "PUT", body: quiz })).status).toBe(200);
    // Saved again in another order: the questions follow it.
    const reordered = { ...quiz, questions: [TWO_QUESTIONS[1]!, TWO_QUESTIONS[0]!] };
    expect((await call(path, { cookie: adminCookie, method: "PUT", body: reordered })).status).toBe(200);
    expect((await call(path, { cookie: adminCookie })).json).toEqual(reordered);
    const memberView = await call(quizPath(course, "lesson-1"), { cookie: her.cookie });
    expect(memberView.json.questions.map((q: { prompt: string }) => q.prompt)).toEqual([
      "Which are fruits?",
      "Which colour is the sky?",
    ]);

    expect((await call(path, { cookie: adminCookie, method: "DELETE" })).status).toBe(200);
    expect((await call(`/api/courses/${course.slug}/lessons/lesson-1`, { cookie: her.cookie })).json.hasQuiz).toBe(
      false,
    );
    const audit = await testDb()
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entityType, "course"), eq(auditLog.entityId, String(course.id))))
      .orderBy(auditLog.id);
    expect(audit.map((row) => row.action)).toEqual([
      "course.lesson.quiz.save",
      "course.lesson.quiz.save",
      "course.lesson.quiz.delete",
    ]);
  });
});
