import { sanitizeArticleHtml, storedFileIdsIn } from "./html";

// The end-to-end proof (saved through the API, read back) is tests/integration/library.test.ts.
describe("article sanitizer", () => {
  it("drops scripts, styles, frames, event handlers and classes, keeping the text around them", () => {
    const html = sanitizeArticleHtml(
      '<p class="x" style="color:red" onclick="steal()">Hello <script>alert(1)</script><strong onmouseover="x()">there</strong></p><iframe src="https://evil.example"></iframe><style>p{}</style><svg onload="x()"></svg>',
    );
    expect(html).toBe("<p>Hello <strong>there</strong></p>");
  });

  it("refuses javascript:, data: and protocol-relative URLs in links and images", () => {
    const html = sanitizeArticleHtml(
      '<a href="javascript:alert(1)">a</a><a href="JaVaScRiPt&colon;alert(1)">b</a><img src="data:image/png;base64,AAAA"><img src="//evil.example/x.png"><img src="javascript:alert(1)">',
    );
    expect(html).not.toMatch(/javascript|data:|evil/i);
  });

  it("keeps what the editor writes: headings from h2, lists, links opening safely in a new tab, our images", () => {
    const html = sanitizeArticleHtml(
      '<h1>Title</h1><ul><li>one</li></ul><a href="https://example.com">x</a><img src="/api/files/7d0c4c4e-0000-4000-8000-000000000000" alt="Map">',
    );
    expect(html).toBe(
      '<h2>Title</h2><ul><li>one</li></ul><a href="https://example.com" target="_blank" rel="noopener noreferrer nofollow">x</a><img src="/api/files/7d0c4c4e-0000-4000-8000-000000000000" alt="Map" />',
    );
  });

  it("finds the uploaded images an article shows", () => {
    const id = "7d0c4c4e-0000-4000-8000-000000000000";
    expect(
      storedFileIdsIn(
        `<p><img src="/api/files/${id}"><img src="https://example.com/a.png"><img src="/api/files/${id}"></p>`,
      ),
    ).toEqual([id]);
  });
});
