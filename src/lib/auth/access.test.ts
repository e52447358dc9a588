import { ADMIN, MEMBER, PAGE_RULES, PUBLIC, SELF, SELF_OR_ADMIN, checkAccess, levelsOpenTo, meetsLevel, pageRuleFor, permission, redirectFor, safeNextPath } from "./access";

const visitor = null;
const member = { isAdmin: false, permissions: {}, twoFactorEnabled: false };
const editor = { isAdmin: false, permissions: { manage_content: true }, twoFactorEnabled: false };
const admin = { isAdmin: true, permissions: {}, twoFactorEnabled: true };
const adminWithoutTwoFactor = { ...admin, twoFactorEnabled: false };

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

  it("sends an admin without two-factor sign-in to set it up before using any admin right", () => {
    expect(checkAccess(adminWithoutTwoFactor, ADMIN)).toBe("two_factor_setup");
    expect(checkAccess(adminWithoutTwoFactor, permission("manage_content"))).toBe("two_factor_setup");
    expect(checkAccess({ ...adminWithoutTwoFactor, id: 9 }, SELF_OR_ADMIN, { id: "7" })).toBe("two_factor_setup");
    expect(checkAccess({ ...adminWithoutTwoFactor, id: 9 }, SELF_OR_ADMIN, { id: "9" })).toBe("allowed");
    expect(checkAccess(adminWithoutTwoFactor, MEMBER)).toBe("allowed");
    expect(checkAccess({ ...editor, isAdmin: true }, permission("manage_content"))).toBe("allowed");
    expect(redirectFor("two_factor_setup", "/admin?x=1")).toBe("/profile/security?next=%2Fadmin%3Fx%3D1");
  });
});

describe("owner rules", () => {
  const her = { ...member, id: 7 };
  const other = { ...member, id: 8 };
  const anAdmin = { ...admin, id: 9 };

  it("lets the owner named by the route through and forbids another member", () => {
    expect(checkAccess(her, SELF, { id: "7" })).toBe("allowed");
    expect(checkAccess(other, SELF, { id: "7" })).toBe("forbidden");
    expect(checkAccess(null, SELF, { id: "7" })).toBe("unauthenticated");
    expect(checkAccess(her, SELF, {})).toBe("forbidden");
  });

  it("lets admins through SELF_OR_ADMIN only", () => {
    expect(checkAccess(anAdmin, SELF, { id: "7" })).toBe("forbidden");
    expect(checkAccess(anAdmin, SELF_OR_ADMIN, { id: "7" })).toBe("allowed");
    expect(checkAccess(other, SELF_OR_ADMIN, { id: "7" })).toBe("forbidden");
  });
});

describe("membership levels (decisions.md: at least the required level)", () => {
  const at = (membershipLevel: string | null) => ({ isAdmin: false, membershipLevel });

  it("opens a tier and the tiers below it", () => {
    expect(levelsOpenTo(at("connect"))).toEqual(["connect"]);
    expect(levelsOpenTo(at("empower"))).toEqual(["connect", "create", "empower"]);
    expect(levelsOpenTo(at("play"))).toEqual(["connect", "create", "empower", "play"]);
  });

  it("opens nothing gated to a visitor or a user without a tier, and everything to admins", () => {
    expect(levelsOpenTo(null)).toEqual([]);
    expect(levelsOpenTo(at(null))).toEqual([]);
    expect(levelsOpenTo({ isAdmin: true, membershipLevel: null })).toBeNull();
  });

  it("compares with at least, not equality", () => {
    expect(meetsLevel(at("play"), "create")).toBe(true);
    expect(meetsLevel(at("create"), "create")).toBe(true);
    expect(meetsLevel(at("connect"), "create")).toBe(false);
    expect(meetsLevel(at(null), null)).toBe(true);
    expect(meetsLevel({ isAdmin: true, membershipLevel: null }, "play")).toBe(true);
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
    ["/members", MEMBER],
  ])("guards %s", (path, rule) => {
    expect(pageRuleFor(path)).toEqual(rule);
  });

  it("requires manage_content for the library's create screen and its management, not admin", () => {
    expect(pageRuleFor("/admin/content/create")).toEqual(permission("manage_content"));
    expect(pageRuleFor("/admin/library")).toEqual(permission("manage_content"));
    expect(pageRuleFor("/admin/library/items/3")).toEqual(permission("manage_content"));
    expect(pageRuleFor("/admin/content")).toEqual(ADMIN);
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
