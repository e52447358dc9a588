import { bm25, type Terms } from "./bm25";

const doc = (...words: string[]): Terms =>
  words.reduce((m, w) => m.set(w, (m.get(w) ?? 0) + 1), new Map<string, number>());

describe("bm25", () => {
  it("ranks the document holding the question's rarer words first", () => {
    const docs = [
      doc("membership", "price", "month"),
      doc("membership", "klarna", "pay"),
      doc("membership", "event", "time"),
    ];
    const scores = bm25(new Set(["klarna", "membership"]), docs);
    expect(scores[1]).toBeGreaterThan(scores[0]!);
    expect(scores[1]).toBeGreaterThan(scores[2]!);
    // A word every document holds barely counts: the first and the last tie.
    expect(scores[0]).toBeCloseTo(scores[2]!, 5);
  });

  it("prefers the shorter of two documents with the same match, and scores no match as zero", () => {
    const scores = bm25(new Set(["trial"]), [doc("trial", "a", "b", "c", "d", "e"), doc("trial", "a"), doc("x")]);
    expect(scores[1]).toBeGreaterThan(scores[0]!);
    expect(scores[2]).toBe(0);
    expect(bm25(new Set(["x"]), [])).toEqual([]);
  });
});
