import { isSameOriginRequest } from "./origin";

function request(headers: Record<string, string>, cookies: string[] = []) {
  return { headers: new Headers(headers), cookies: { has: (name: string) => cookies.includes(name) } };
}

describe("isSameOriginRequest", () => {
  const original = { ...process.env };
  beforeAll(() => {
    Object.assign(process.env, { DATABASE_URL: "postgres://x", AUTH_SECRET: "x".repeat(40) });
  });
  afterAll(() => {
    process.env = original;
  });

  it("refuses a request that carries the session cookie but no Origin", () => {
    expect(isSameOriginRequest(request({ host: "site.test" }, ["authjs.session-token"]))).toBe(false);
  });

  it("accepts a cookie-less request without Origin (a webhook)", () => {
    expect(isSameOriginRequest(request({ host: "site.test" }))).toBe(true);
  });

  it("accepts our own origin and refuses any other", () => {
    const cookies = ["authjs.session-token"];
    expect(isSameOriginRequest(request({ host: "site.test", origin: "http://site.test" }, cookies))).toBe(true);
    expect(isSameOriginRequest(request({ host: "site.test", origin: "http://evil.test" }, cookies))).toBe(false);
    expect(isSameOriginRequest(request({ host: "site.test", origin: "http://evil.test" }))).toBe(false);
  });

  it("honours the protocol a proxy reports", () => {
    const headers = { host: "site.test", "x-forwarded-proto": "https", origin: "https://site.test" };
    expect(isSameOriginRequest(request(headers, ["__Secure-authjs.session-token"]))).toBe(true);
  });
});
