import { lessonLocks, type LessonRule } from "./unlock";

// When each lesson opens; the server's refusal of a locked lesson is in tests/integration/courses.test.ts.
const now = new Date("2026-11-28T12:00:00Z");
const DAY = 86_400_000;
const lesson = (overrides: Partial<LessonRule> = {}): LessonRule => ({
  title: "Lesson",
  unlockRule: "immediately",
  unlockDays: null,
  unlockDate: null,
  completed: false,
  ...overrides,
});

describe("lesson locks", () => {
  it("opens a sequential lesson only once the lesson before it (across modules) is complete; the first is open", () => {
    const locks = lessonLocks(
      [
        lesson({ title: "One", unlockRule: "after_previous" }),
        lesson({ title: "Two", unlockRule: "after_previous" }),
        lesson({ title: "Three", unlockRule: "after_previous" }),
      ],
      null,
      now,
    );
    expect(locks[0]).toBeNull();
    expect(locks[1]).toEqual({ rule: "after_previous", opensAt: null, days: null, previousTitle: "One" });
    expect(locks[2]).toMatchObject({ rule: "after_previous", previousTitle: "Two" });

    const afterOne = lessonLocks(
      [lesson({ title: "One", completed: true }), lesson({ title: "Two", unlockRule: "after_previous" })],
      null,
      now,
    );
    expect(afterOne[1]).toBeNull();
  });

  it("opens a lesson N days after she started, and has no date before she starts", () => {
    const rule = lesson({ unlockRule: "days_after_start", unlockDays: 7 });
    expect(lessonLocks([rule], null, now)[0]).toEqual({
      rule: "days_after_start",
      opensAt: null,
      days: 7,
      previousTitle: null,
    });
    const started = new Date(now.getTime() - 6 * DAY);
    expect(lessonLocks([rule], started, now)[0]).toEqual({
      rule: "days_after_start",
      opensAt: new Date(started.getTime() + 7 * DAY),
      days: 7,
      previousTitle: null,
    });
    expect(lessonLocks([rule], new Date(now.getTime() - 7 * DAY), now)[0]).toBeNull();
  });

  it("opens a dated lesson on its date", () => {
    const tomorrow = new Date(now.getTime() + DAY);
    expect(lessonLocks([lesson({ unlockRule: "on_date", unlockDate: tomorrow })], null, now)[0]).toMatchObject({
      rule: "on_date",
      opensAt: tomorrow,
    });
    expect(lessonLocks([lesson({ unlockRule: "on_date", unlockDate: now })], null, now)[0]).toBeNull();
  });

  it("keeps a lesson she completed open whatever its rule says now", () => {
    const later = new Date(now.getTime() + 30 * DAY);
    expect(
      lessonLocks([lesson({ unlockRule: "on_date", unlockDate: later, completed: true })], null, now)[0],
    ).toBeNull();
  });
});
