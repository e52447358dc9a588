import { articleText, readingMinutes } from "./text";

describe("reading time (computed from the article's words)", () => {
  it("counts words without markup at 200 a minute, at least one minute", () => {
    expect(readingMinutes("<p>A few words</p>")).toBe(1);
    expect(readingMinutes(`<p>${"word ".repeat(200)}</p><p>one more</p>`)).toBe(2);
    expect(readingMinutes("")).toBe(1);
  });

  it("gives the article as plain text with the sanitizer's entities decoded", () => {
    expect(articleText("<h2>Rest &amp; rise</h2><p>Say&nbsp;&quot;no&quot; &lt;kindly&gt;</p>")).toBe(
      'Rest & rise Say "no" <kindly>',
    );
  });
});
