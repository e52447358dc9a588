import { ADMIN, MEMBER, PAGE_RULES, PUBLIC, checkAccess, pageRuleFor, permission, redirectFor, safeNextPath } from "./access";

const visitor = null;
const member = { isAdmin: false, permissions: {} };
const editor = { isAdmin: false, permissions: { manage_content: true } };
const admin = { isAdmin: true, permissions: {} };

describe("checkAccess", () => {
  it("lets anyone through a public rule", () => {
    expect(checkAccess(visitor, PUBLIC)).toBe("allowed");
  });

  it("asks a visitor to sign in for member, admin and permission rules", () => {
    for (const rule of [MEMBER, ADMIN, permission("manage_content")]) expect(checkAccess(visitor, rule)).toBe("unauthenticated");
  });

  it("forbids admin rules to members and allows them to admins", () => {
    expect(checkAccess(member, ADMIN)).toBe("forbidden");
    expect(checkAccess(admin, ADMIN)).toBe("allowed");
  });

  it("checks permission flags, which admins hold implicitly", () => {
    expect(checkAccess(member, permission("manage_content"))).toBe("forbidden");
    expect(checkAccess(editor, permission("manage_content"))).toBe("allowed");
    expect(checkAccess(admin, permission("manage_content"))).toBe("allowed");
  });
});

describe("pageRuleFor", () => {
  it.each([
    ["/admin", ADMIN],
    ["/admin/applications", ADMIN],
    ["/admin/payment-transactions/12", ADMIN],
    ["/spiritual-profile", MEMBER],
    ["/forum", MEMBER],
    ["/forum/topic/welcome", MEMBER],
    ["/library/item/x", MEMBER],
    ["/profile", MEMBER],
    ["/profile/3", MEMBER],
  ])("guards %s", (path, rule) => {
    expect(pageRuleFor(path)).toEqual(rule);
  });

  it("requires manage_content for the library's create screen, not admin", () => {
    expect(pageRuleFor("/admin/content/create")).toEqual(permission("manage_content"));
  });

  it.each(["/", "/about", "/events/3", "/blog", "/faq", "/chat", "/apply", "/login", "/administrator", "/forums"])("leaves %s public", (path) => {
    expect(pageRuleFor(path)).toEqual(PUBLIC);
  });

  it("lists the most specific prefixes first", () => {
    const prefixes = PAGE_RULES.map(([prefix]) => prefix);
    prefixes.forEach((prefix, index) => {
      // A more specific prefix after its parent would never be reached.
      for (const later of prefixes.slice(index + 1)) expect(later.startsWith(`${prefix}/`)).toBe(false);
    });
  });
});

describe("redirects", () => {
  it("sends visitors to /login with where they were going, and the forbidden home", () => {
    expect(redirectFor("unauthenticated", "/forum?x=1")).toBe("/login?next=%2Fforum%3Fx%3D1");
    expect(redirectFor("forbidden", "/admin")).toBe("/");
  });

  it("only follows next to a path on this site", () => {
    expect(safeNextPath("/forum")).toBe("/forum");
    expect(safeNextPath("https://evil.example")).toBe("/");
    expect(safeNextPath("//evil.example")).toBe("/");
    expect(safeNextPath("/\\evil.example")).toBe("/");
    expect(safeNextPath(null)).toBe("/");
  });
});
