import { plainText, previewOf } from "./plain-text";

describe("plainText", () => {
  it("keeps the words of a Markdown post and drops its syntax and raw HTML", () => {
    const text = plainText(
      "# Hello *there*\n\nA [link](https://example.com) and `code`.\n\n<script>alert(1)</script>\n\n- one\n- two",
    );
    expect(text).toBe("Hello there\nA link and code.\none\ntwo");
  });
});

describe("previewOf", () => {
  it("keeps a short post whole, as plain text", () => {
    expect(previewOf("Hello **there**, friends.", 150)).toBe("Hello there, friends.");
  });

  it("cuts a long post at a word boundary within the limit and adds an ellipsis", () => {
    const post =
      "Zines are small, handmade magazines. We fold, staple and swap them at the market every month, and everyone is welcome to join.";
    const preview = previewOf(post, 60);
    expect(preview).toBe("Zines are small, handmade magazines. We fold, staple and…");
    expect(preview.length).toBeLessThanOrEqual(61);
    expect(post.startsWith(preview.slice(0, -1))).toBe(true);
  });

  it("drops punctuation left at the cut, and cuts a single long word at the limit", () => {
    expect(previewOf("One two three, four five six", 14)).toBe("One two three…");
    expect(previewOf("a".repeat(200), 150)).toBe(`${"a".repeat(150)}…`);
  });

  it("does not count Markdown syntax or link targets", () => {
    expect(
      previewOf("[A link](https://example.com/a/very/long/path/that/would/eat/the/preview) and more words here", 30),
    ).toBe("A link and more words here");
  });
});
