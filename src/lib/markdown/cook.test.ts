import { cookMarkdown } from "./cook";

describe("cookMarkdown", () => {
  it("renders CommonMark", () => {
    expect(cookMarkdown("# Hello\n\nSome *soft* and **bold** words.\n\n- one\n- two\n\n```js\nlet x = 1;\n```")).toBe(
      '<h1>Hello</h1>\n<p>Some <em>soft</em> and <strong>bold</strong> words.</p>\n<ul>\n<li>one</li>\n<li>two</li>\n</ul>\n<pre><code class="language-js">let x = 1;\n</code></pre>',
    );
  });

  it("leaves embedded HTML out and drops unsafe link protocols", () => {
    const html = cookMarkdown(
      'Hi <script>alert(1)</script> <img src=x onerror="alert(1)">\n\n[click](javascript:alert(1)) [ok](https://example.com/a?b=1)',
    );
    expect(html).not.toMatch(/<script|onerror|javascript:/i);
    expect(html).toContain('<a rel="nofollow ugc noopener">click</a>');
    expect(html).toContain('<a href="https://example.com/a?b=1" rel="nofollow ugc noopener">ok</a>');
  });

  it("turns images into links, so a post loads nothing into members' browsers", () => {
    expect(cookMarkdown("![a cat](https://example.com/cat.png)")).toBe(
      '<p><a href="https://example.com/cat.png" rel="nofollow ugc noopener">a cat</a></p>',
    );
    expect(cookMarkdown("![](https://example.com/cat.png)")).toContain(">image</a>");
  });

  it("escapes text", () => {
    expect(cookMarkdown('1 < 2 & "quotes"')).toBe('<p>1 &lt; 2 &amp; "quotes"</p>');
  });
});
