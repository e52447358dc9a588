import { DEFAULT_LEVELS } from "./constants";
import { levelLadderSchema } from "./schemas";
import { standingFor } from "./types";

const ladder = DEFAULT_LEVELS.map((level) => ({ ...level }));

describe("standingFor", () => {
  it("places a total at the highest level it reaches and says what the next needs", () => {
    expect(standingFor(0, ladder)).toMatchObject({ level: { level: 1 }, next: { level: 2, pointsNeeded: 5 } });
    expect(standingFor(5, ladder)).toMatchObject({ level: { level: 2 }, next: { level: 3, pointsNeeded: 15 } });
    expect(standingFor(514, ladder)).toMatchObject({ level: { level: 5 }, next: { level: 6, pointsNeeded: 1 } });
    expect(standingFor(40_000, ladder)).toMatchObject({ level: { level: 9 }, next: null });
  });
});

describe("levelLadderSchema", () => {
  it("accepts the default ladder", () => {
    expect(levelLadderSchema.safeParse({ levels: ladder }).success).toBe(true);
  });

  it("refuses a ladder that does not rise, does not start at 0, or has an empty or long name", () => {
    const flat = ladder.map((level, index) => (index === 3 ? { ...level, minPoints: 20 } : level));
    const start = ladder.map((level, index) => (index === 0 ? { ...level, minPoints: 1 } : level));
    const unnamed = ladder.map((level, index) => (index === 2 ? { ...level, name: "  " } : level));
    const long = ladder.map((level, index) => (index === 2 ? { ...level, name: "x".repeat(25) } : level));
    for (const levels of [flat, start, unnamed, long, ladder.slice(0, 8)])
      expect(levelLadderSchema.safeParse({ levels }).success).toBe(false);
  });
});
