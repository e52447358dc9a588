import { apiRouteMethods, methodsOfRouteSource } from "../../../scripts/lib/route-methods.mjs";
import { compileRoutes, refusalFor, type GuardRules } from "./request-guard.mjs";

const rules: GuardRules = {
  routes: compileRoutes({
    "/api/health": ["GET", "HEAD", "OPTIONS"],
    "/api/events/[id]/ics": ["GET", "HEAD", "OPTIONS"],
    "/api/events/calendar.ics": ["GET", "HEAD", "OPTIONS"],
    "/api/admin/members/[id]": ["GET", "HEAD", "OPTIONS", "PATCH"],
    "/api/admin/members/export": ["GET", "HEAD", "OPTIONS"],
    "/api/forum/posts": ["OPTIONS", "POST"],
  }),
  checkRouteMethods: true,
};

describe("the methods of a route module", () => {
  it("are those it exports, HEAD with GET, and OPTIONS", () => {
    expect(methodsOfRouteSource("export const GET = apiRoute({});\nexport const DELETE = apiRoute({});")).toEqual([
      "GET",
      "HEAD",
      "OPTIONS",
      "DELETE",
    ]);
    expect(
      methodsOfRouteSource("export async function POST(request) {}\nexport const dynamic = 'force-dynamic';"),
    ).toEqual(["OPTIONS", "POST"]);
    expect(methodsOfRouteSource("// export const PUT = nothing\nexport function GET() {}")).toEqual([
      "GET",
      "HEAD",
      "OPTIONS",
    ]);
  });

  it("are read for every route of the app", () => {
    const table = apiRouteMethods();
    expect(table["/api/health"]).toEqual(["GET", "HEAD", "OPTIONS"]);
    expect(table["/api/stripe/webhook"]).toEqual(["OPTIONS", "POST"]);
    expect(table["/api/users/[id]"]).toEqual(["GET", "HEAD", "OPTIONS", "PATCH"]);
  });
});

describe("refusalFor", () => {
  it("lets through what a path serves", () => {
    for (const [method, url] of [
      ["GET", "/"],
      ["HEAD", "/images/garden.svg"],
      ["GET", "/api/events/12/ics"],
      ["OPTIONS", "/api/forum/posts"],
      ["POST", "/api/forum/posts"],
      ["PATCH", "/api/admin/members/3"],
      ["POST", "/api/no-such-route"],
      ["GET", "/members?q=Zo%C3%AB&after=eyJ9"],
    ]) {
      expect([method, url, refusalFor(method!, url!, rules)]).toEqual([method, url, null]);
    }
  });

  it("answers 405 with the route's methods, a static segment winning over a dynamic one", () => {
    expect(refusalFor("DELETE", "/api/health", rules)).toMatchObject({ status: 405, allow: "GET, HEAD, OPTIONS" });
    expect(refusalFor("TRACE", "/api/events/12/ics", rules)).toMatchObject({
      status: 405,
      allow: "GET, HEAD, OPTIONS",
    });
    expect(refusalFor("PATCH", "/api/admin/members/export", rules)).toMatchObject({
      status: 405,
      allow: "GET, HEAD, OPTIONS",
    });
    expect(refusalFor("GET", "/api/forum/posts?x=1", rules)).toMatchObject({ status: 405, allow: "OPTIONS, POST" });
  });

  it("answers 405 with GET, HEAD to anything else on pages and files, and to methods no route can take", () => {
    for (const [method, url] of [
      ["POST", "/images/garden.svg"],
      ["PUT", "/_next/static/chunks/app.js"],
      ["DELETE", "/about"],
      ["OPTIONS", "/forum"],
      ["TRACE", "/"],
      ["PROPFIND", "/api/no-such-route"],
    ]) {
      expect([method, url, refusalFor(method!, url!, rules)]).toEqual([
        method,
        url,
        expect.objectContaining({ status: 405, allow: "GET, HEAD" }),
      ]);
    }
  });

  it("leaves route methods to Next.js in development, where routes change under a running server", () => {
    expect(refusalFor("DELETE", "/api/health", { ...rules, checkRouteMethods: false })).toBeNull();
    expect(refusalFor("TRACE", "/api/health", { ...rules, checkRouteMethods: false })).toMatchObject({ status: 405 });
    expect(refusalFor("POST", "/__nextjs_original-stack-frames", rules)).toBeNull();
  });

  it("lets a bulk email's one-click unsubscribe POST its page (RFC 8058), and no other page", () => {
    expect(refusalFor("POST", "/unsubscribe/m42-forum_reply-abcdefghijklmnopqrstuv", rules)).toBeNull();
    expect(refusalFor("POST", "/unsubscribe/a/b", rules)).toMatchObject({ status: 405 });
    expect(refusalFor("POST", "/about", rules)).toMatchObject({ status: 405 });
  });

  it.each([
    "/blog/a%00b",
    "/blog/%ED%A0%80",
    "/blog/%C0%80",
    "/blog/%zz",
    "/blog/100%",
    "/members?q=a%00b",
    "/members?q=%ED%BF%BF",
    "/members?after=%E0%A4%A",
    "/members?a%00=1",
    "/api/events/1/ics?x=%00",
  ])("answers 400 to %s", (url) => {
    expect(refusalFor("GET", url, rules)).toMatchObject({ status: 400 });
  });
});
