import { expandQuestion, expansionsOf } from "./synonyms";

describe("expandQuestion", () => {
  it("adds the site's words for what a visitor asks in her own", () => {
    expect(expandQuestion("Can I pay with Klarna?")).toBe("Can I pay with Klarna? buy-now-pay-later payment methods");
    expect(expandQuestion("How do I become a mentor?")).toContain("mentorship");
    expect(expandQuestion("When is the sound bath?")).toBe("When is the sound bath?");
  });
});

describe("expansionsOf", () => {
  it("says which of her words each expansion stands for", () => {
    expect(expansionsOf("How long does a Create membership last?")).toEqual([
      { said: "How long", words: "months term" },
    ]);
    expect(expansionsOf("Any news?")).toEqual([]);
  });
});
