import { bm25, RELATED_FREQUENCY, type Concept, type Terms } from "./bm25";

const doc = (...words: string[]): Terms =>
  words.reduce((m, w) => m.set(w, (m.get(w) ?? 0) + 1), new Map<string, number>());
const asked = (...words: string[]): Concept[] => words.map((w) => new Map([[w, 1]]));

describe("bm25", () => {
  it("ranks the document holding the question's rarer words first", () => {
    const docs = [
      { terms: doc("membership", "price", "month") },
      { terms: doc("membership", "klarna", "pay") },
      { terms: doc("membership", "event", "time") },
    ];
    const scores = bm25(asked("klarna", "membership"), docs);
    expect(scores[1]).toBeGreaterThan(scores[0]!);
    expect(scores[1]).toBeGreaterThan(scores[2]!);
    // A word every document holds barely counts: the first and the last tie.
    expect(scores[0]).toBeCloseTo(scores[2]!, 5);
  });

  it("prefers the shorter of two documents with the same match, and scores no match as zero", () => {
    const scores = bm25(asked("trial"), [
      { terms: doc("trial", "a", "b", "c", "d", "e") },
      { terms: doc("trial", "a") },
      { terms: doc("x") },
    ]);
    expect(scores[1]).toBeGreaterThan(scores[0]!);
    expect(scores[2]).toBe(0);
    expect(bm25(asked("x"), [])).toEqual([]);
  });

  it("counts a word held through a relation, less than the word itself", () => {
    const docs = [
      { terms: doc("refund", "within", "day") },
      { terms: doc("money", "refund", "day") },
      { terms: doc("event", "garden") },
    ];
    // "money" is in the first document's related words (refund: "money returned to a payer").
    const scores = bm25(asked("money"), [
      { ...docs[0]!, related: new Map([["money", RELATED_FREQUENCY]]) },
      docs[1]!,
      docs[2]!,
    ]);
    expect(RELATED_FREQUENCY).toBeLessThan(1);
    expect(scores[0]).toBeGreaterThan(0);
    expect(scores[1]).toBeGreaterThan(scores[0]!);
    expect(scores[2]).toBe(0);
  });

  it("scores a concept by the best of its words, so a long definition does not outweigh her word", () => {
    const concept: Concept[] = [
      new Map([
        ["hear", 1],
        ["know", 0.5],
        ["learn", 0.5],
        ["discov", 0.5],
      ]),
    ];
    const docs = [{ terms: doc("know", "learn", "discov") }, { terms: doc("hear", "x", "y") }, { terms: doc("z") }];
    const scores = bm25(concept, docs);
    expect(scores[1]).toBeGreaterThan(scores[0]!);
    expect(scores[0]).toBeGreaterThan(0);
  });
});
