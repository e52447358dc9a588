import { composeExtractiveAnswer, NOTHING_FOUND_ANSWER, selectPassages, sourcesOf } from "./compose";
import { splitIntoPassages } from "./providers/types";

const passage = (title: string, url: string, body: string, rank: number, excerpt = body) => ({ title, url, body, excerpt, rank });

describe("the answer without a model", () => {
  it("quotes each passage under its linked title, marking cut text", () => {
    const answer = composeExtractiveAnswer([
      passage("Membership tiers and prices", "/membership", "The Create tier costs $50.00 per month.", 0.9),
      passage("FAQ: Can men join?", "/faq", "First sentence here. No. The community is for womxn only. Last sentence here.", 0.5, "No. The community is for womxn only."),
    ]);
    expect(answer).toBe(
      "Here is what I found on our site:\n\n**[Membership tiers and prices](/membership)**: The Create tier costs $50.00 per month.\n\n**[FAQ: Can men join?](/faq)**: … No. The community is for womxn only. …",
    );
  });

  it("says plainly when nothing was found, pointing to the contact form", () => {
    expect(composeExtractiveAnswer([])).toBe(NOTHING_FOUND_ANSWER);
    expect(NOTHING_FOUND_ANSWER).toContain("[contact form](/contact)");
  });

  it("keeps the best passages, dropping those far weaker than the first", () => {
    const ranked = [passage("a", "/a", "", 1), passage("b", "/b", "", 0.5), passage("c", "/c", "", 0.2), passage("d", "/d", "", 0.4)];
    expect(selectPassages(ranked, 3).map((p) => p.title)).toEqual(["a", "b", "d"]);
    expect(selectPassages(ranked, 1).map((p) => p.title)).toEqual(["a"]);
  });

  it("cites each page once, in the order used", () => {
    expect(sourcesOf([passage("FAQ: one", "/faq", "", 1), passage("Tiers", "/membership", "", 1), passage("FAQ: two", "/faq", "", 1)])).toEqual([
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
