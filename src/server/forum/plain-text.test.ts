import { plainText } from "./plain-text";

describe("plainText", () => {
  it("keeps the words of a Markdown post and drops its syntax and raw HTML", () => {
    const text = plainText("# Hello *there*\n\nA [link](https://example.com) and `code`.\n\n<script>alert(1)</script>\n\n- one\n- two");
    expect(text).toBe("Hello there\nA link and code.\none\ntwo");
  });
});
