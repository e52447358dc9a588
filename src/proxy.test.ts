import { readFileSync } from "node:fs";
import path from "node:path";
import { PAGE_RULES, pageRuleFor } from "@/lib/auth/access";
import { isPrerenderedPage } from "@/lib/http/prerendered-pages";

// Next.js needs the matcher as a literal in proxy.ts, so the test reads it from the source.
const source = readFileSync(path.join(__dirname, "proxy.ts"), "utf8");
const guardedPrefixes = [...source.matchAll(/"(\/[a-z-]+)\/:path\*"/g)].map((m) => m[1]!);
const everyPage = [...source.matchAll(/"\/\((\(\?![^"]+)\)"/g)].map((m) => new RegExp(`^/${m[1]}$`));

describe("proxy matcher", () => {
  it("is found in proxy.ts", () => {
    expect(guardedPrefixes.length).toBeGreaterThan(0);
    expect(everyPage).toHaveLength(1);
  });

  it("covers every guarded prefix of PAGE_RULES, whatever follows it", () => {
    for (const [prefix] of PAGE_RULES) {
      expect(guardedPrefixes.some((m) => prefix === m || prefix.startsWith(`${m}/`))).toBe(true);
    }
  });

  it("names only guarded prefixes", () => {
    for (const prefix of guardedPrefixes) expect(pageRuleFor(prefix).kind).not.toBe("public");
  });

  it("takes every other page (each needs its nonce or passes through), never the API or a file", () => {
    const matches = (pathname: string) => everyPage.some((regex) => regex.test(pathname));
    for (const page of ["/", "/apply", "/payment/abc", "/reset-password/abc", "/no-such-page", "/about"])
      expect({ page, matched: matches(page) }).toEqual({ page, matched: true });
    for (const file of ["/api/auth/me", "/_next/static/chunks/a.js", "/sw.js", "/robots.txt", "/icons/icon.svg"])
      expect({ file, matched: matches(file) }).toEqual({ file, matched: false });
  });
});

describe("which pages are prerendered", () => {
  it("knows the public pages from the page cache from those rendered per request", () => {
    for (const page of ["/", "/about", "/blog", "/blog/a-post", "/events/12", "/login", "/payment"])
      expect({ page, prerendered: isPrerenderedPage(page) }).toEqual({ page, prerendered: true });
    for (const page of ["/apply", "/payment/abc", "/payment-success", "/join/abc", "/no-such-page", "/blog/a/b"])
      expect({ page, prerendered: isPrerenderedPage(page) }).toEqual({ page, prerendered: false });
  });

  it("knows the member pages prerendered for every member from those rendered for her", () => {
    for (const page of ["/forum", "/forum/general", "/forum/topic/hello", "/profile", "/profile/12", "/members"])
      expect({ page, prerendered: isPrerenderedPage(page) }).toEqual({ page, prerendered: true });
    for (const page of ["/forum/settings", "/profile/security", "/messages", "/admin", "/profile/affiliate/x"])
      expect({ page, prerendered: isPrerenderedPage(page) }).toEqual({ page, prerendered: false });
  });
});
