import { renderEmail } from "./render";

describe("renderEmail", () => {
  const content = {
    siteName: "Circle & Co",
    heading: "Hello <friend>",
    paragraphs: ['She said "hi" & left'],
    action: { label: "Open", url: "https://example.com/a?b=1&c=<2>" },
    footer: "Why you got this",
  };

  it("escapes every value in the HTML body", () => {
    const { html } = renderEmail(content);
    expect(html).toContain("Hello &lt;friend&gt;");
    expect(html).toContain("She said &quot;hi&quot; &amp; left");
    expect(html).toContain('href="https://example.com/a?b=1&amp;c=&lt;2&gt;"');
    expect(html).not.toContain("<friend>");
  });

  it("gives the same content as plain text, link included", () => {
    const { text } = renderEmail(content);
    expect(text).toContain("Hello <friend>");
    expect(text).toContain("Open: https://example.com/a?b=1&c=<2>");
    expect(text).toContain("Why you got this");
    expect(text.trim().endsWith("Circle & Co")).toBe(true);
  });
});
