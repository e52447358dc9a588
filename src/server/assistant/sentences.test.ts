import { splitSentences } from "./sentences";

describe("splitSentences", () => {
  it("splits after a full stop, question or exclamation mark before the next sentence", () => {
    expect(splitSentences("We meet monthly. Bring a friend! Questions? Write to us.")).toEqual([
      "We meet monthly.",
      "Bring a friend!",
      "Questions? Write to us.",
    ]);
  });

  it("keeps prices, decimals, abbreviations and initials inside their sentence", () => {
    expect(
      splitSentences("The Create tier costs $50.00 per month, e.g. for workshops. Dr. Ada K. Lee teaches it."),
    ).toEqual(["The Create tier costs $50.00 per month, e.g. for workshops.", "Dr. Ada K. Lee teaches it."]);
  });

  it("splits at line breaks (list items, paragraphs) and reads a very short opening with what follows", () => {
    expect(
      splitSentences("Yes. You can apply for a 30-day free trial.\n\nBreathe in for four.\nHold for four."),
    ).toEqual(["Yes. You can apply for a 30-day free trial.", "Breathe in for four.", "Hold for four."]);
    expect(splitSentences("No.")).toEqual(["No."]);
  });
});
