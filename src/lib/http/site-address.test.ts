import { requestedHost, siteAddressRedirect } from "./site-address.mjs";

const SITE = "http://localhost:3000";
const page = (url: string, host: string | null, method = "GET") => siteAddressRedirect({ method, url, host }, SITE);

describe("a page asked for under another address than the site's is sent to the site's", () => {
  it("redirects to the same path and query at APP_URL", () => {
    expect(page("/login?next=%2Fforum", "127.0.0.1:3000")).toBe("http://localhost:3000/login?next=%2Fforum");
    expect(page("/", "192.168.1.20:3000")).toBe("http://localhost:3000/");
    expect(page("/events", "127.0.0.1:3000", "HEAD")).toBe("http://localhost:3000/events");
    expect(page("/_next/static/chunks/app.js", "127.0.0.1:3000")).toBe(
      "http://localhost:3000/_next/static/chunks/app.js",
    );
    // A request target in absolute form keeps only its path and query.
    expect(page("http://127.0.0.1:3000/faq?x=1", "127.0.0.1:3000")).toBe("http://localhost:3000/faq?x=1");
  });

  it("leaves the site's own host alone, whatever its case or an explicit default port", () => {
    expect(page("/", "localhost:3000")).toBeNull();
    expect(page("/", "LOCALHOST:3000")).toBeNull();
    expect(
      siteAddressRedirect({ method: "GET", url: "/", host: "community.example:443" }, "https://community.example"),
    ).toBeNull();
    expect(
      siteAddressRedirect({ method: "GET", url: "/", host: "www.community.example" }, "https://community.example"),
    ).toBe("https://community.example/");
  });

  it("never redirects an API call, a form's POST, a request without Host, or when no address is configured", () => {
    expect(page("/api/health", "127.0.0.1:3000")).toBeNull();
    expect(page("/api/auth/login", "127.0.0.1:3000", "POST")).toBeNull();
    expect(page("/api?x=1", "127.0.0.1:3000")).toBeNull();
    expect(page("/contact", "127.0.0.1:3000", "POST")).toBeNull();
    expect(page("/", null)).toBeNull();
    expect(siteAddressRedirect({ method: "GET", url: "/", host: "127.0.0.1:3000" }, undefined)).toBeNull();
  });
});

describe("the host a request asked for", () => {
  it("is the Host header, or behind a trusted proxy the X-Forwarded-Host it set", () => {
    expect(requestedHost({ host: "127.0.0.1:3001" }, false)).toBe("127.0.0.1:3001");
    expect(requestedHost({ host: "127.0.0.1:3001", "x-forwarded-host": "community.example" }, false)).toBe(
      "127.0.0.1:3001",
    );
    expect(requestedHost({ host: "127.0.0.1:3001", "x-forwarded-host": "community.example" }, true)).toBe(
      "community.example",
    );
    expect(requestedHost({ host: "a", "x-forwarded-host": "evil.example, community.example" }, true)).toBe(
      "community.example",
    );
  });

  it("ignores an X-Forwarded-Host that is not a host name", () => {
    expect(requestedHost({ host: "community.example", "x-forwarded-host": "evil.example/x" }, true)).toBe(
      "community.example",
    );
    expect(requestedHost({}, true)).toBeNull();
  });
});
