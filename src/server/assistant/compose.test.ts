import { composeExtractiveAnswer, NOTHING_FOUND_ANSWER, selectPassages, sourcesOf } from "./compose";
import { splitIntoPassages } from "./providers/types";

const passage = (title: string, url: string, body: string, rank: number) => ({ title, url, body, rank });

describe("the answer without a model", () => {
  it("gives the answering sentences first, then the page they come from, and a second page when it adds", () => {
    const answer = composeExtractiveAnswer(
      {
        sentences: ["The Create tier costs $50.00 per month.", "It lasts six months."],
        from: { title: "Create [tier]", url: "/membership" },
      },
      {
        sentence: "Within 14 days of paying you can ask for a full refund.",
        from: { title: "FAQ: Can I cancel?", url: "/faq" },
      },
    );
    expect(answer).toBe(
      "The Create tier costs $50.00 per month. It lasts six months.\n\nSource: [Create tier](/membership)\n\nSee also [FAQ: Can I cancel?](/faq): Within 14 days of paying you can ask for a full refund.",
    );
  });

  it("says plainly when nothing answers, pointing to the contact form", () => {
    expect(composeExtractiveAnswer(null)).toBe(NOTHING_FOUND_ANSWER);
    expect(NOTHING_FOUND_ANSWER).toContain("[contact form](/contact)");
  });

  it("keeps the best passages, dropping those far weaker than the first", () => {
    const ranked = [
      passage("a", "/a", "", 1),
      passage("b", "/b", "", 0.5),
      passage("c", "/c", "", 0.2),
      passage("d", "/d", "", 0.4),
    ];
    expect(selectPassages(ranked, 3).map((p) => p.title)).toEqual(["a", "b", "d"]);
    expect(selectPassages(ranked, 1).map((p) => p.title)).toEqual(["a"]);
  });

  it("cites each page once, in the order used", () => {
    expect(
      sourcesOf([
        passage("FAQ: one", "/faq", "", 1),
        passage("Tiers", "/membership", "", 1),
        passage("FAQ: two", "/faq", "", 1),
      ]),
    ).toEqual([
      { title: "FAQ: one", url: "/faq" },
      { title: "Tiers", url: "/membership" },
    ]);
  });
});

describe("splitIntoPassages", () => {
  it("splits long text at paragraph ends and keeps short text whole", () => {
    expect(splitIntoPassages("One.\n\nTwo.")).toEqual(["One.\n\nTwo."]);
    const paragraph = "word ".repeat(100).trim();
    const parts = splitIntoPassages([paragraph, paragraph, paragraph].join("\n\n"), 1200);
    expect(parts).toHaveLength(2);
    expect(parts.every((p) => p.length <= 1200)).toBe(true);
  });
});
