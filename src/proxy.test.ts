import { readFileSync } from "node:fs";
import path from "node:path";
import { PAGE_RULES, pageRuleFor } from "@/lib/auth/access";
import { NONCE_POLICY_PREFIXES } from "@/lib/http/security-headers";

// Next.js needs the matcher as a literal in proxy.ts, so the test reads it from the source.
const source = readFileSync(path.join(__dirname, "proxy.ts"), "utf8");
const matcher = [...source.matchAll(/"(\/[a-z-]+)\/:path\*"/g)].map((m) => m[1]!);

describe("proxy matcher", () => {
  it("is found in proxy.ts", () => {
    expect(matcher.length).toBeGreaterThan(0);
  });

  it("covers every guarded prefix of PAGE_RULES", () => {
    for (const [prefix] of PAGE_RULES) {
      expect(matcher.some((m) => prefix === m || prefix.startsWith(`${m}/`))).toBe(true);
    }
  });

  it("matches only guarded paths, so public pages never wait on the database", () => {
    for (const prefix of matcher) expect(pageRuleFor(prefix).kind).not.toBe("public");
  });
});

describe("the nonce policy", () => {
  it("covers exactly the paths the proxy guards (next.config.ts gives every other path the static one)", () => {
    expect([...NONCE_POLICY_PREFIXES].sort()).toEqual(matcher.map((m) => m.slice(1)).sort());
  });
});
