import { isSameOriginRequest } from "./origin";
import { siteUrl } from "./site-url";

function request(headers: Record<string, string>, cookies: string[] = []) {
  return { headers: new Headers(headers), cookies: { has: (name: string) => cookies.includes(name) } };
}

describe("isSameOriginRequest and the site address (APP_URL only: issue 24)", () => {
  const original = { ...process.env };
  beforeAll(() => {
    Object.assign(process.env, {
      DATABASE_URL: "postgres://x",
      AUTH_SECRET: "x".repeat(40),
      APP_URL: "https://community.example/",
    });
  });
  afterAll(() => {
    process.env = original;
  });
  const cookies = ["__Secure-authjs.session-token"];

  it("is APP_URL's origin", () => {
    expect(siteUrl()).toBe("https://community.example");
  });

  it("refuses a request that carries the session cookie but no Origin", () => {
    expect(isSameOriginRequest(request({ host: "community.example" }, cookies))).toBe(false);
  });

  it("accepts a cookie-less request without Origin (a webhook)", () => {
    expect(isSameOriginRequest(request({ host: "community.example" }))).toBe(true);
  });

  it("accepts our own origin and refuses any other", () => {
    expect(
      isSameOriginRequest(request({ host: "community.example", origin: "https://community.example" }, cookies)),
    ).toBe(true);
    expect(isSameOriginRequest(request({ host: "community.example", origin: "https://evil.example" }, cookies))).toBe(
      false,
    );
    expect(isSameOriginRequest(request({ host: "community.example", origin: "https://evil.example" }))).toBe(false);
    expect(
      isSameOriginRequest(request({ host: "community.example", origin: "http://community.example" }, cookies)),
    ).toBe(false);
  });

  it("never takes the expected origin from Host or X-Forwarded-Host, which the client writes", () => {
    const forged = {
      host: "evil.example",
      "x-forwarded-host": "evil.example",
      "x-forwarded-proto": "https",
      origin: "https://evil.example",
    };
    expect(isSameOriginRequest(request(forged, cookies))).toBe(false);
    expect(isSameOriginRequest(request({ ...forged, origin: "https://community.example" }, cookies))).toBe(true);
  });
});
