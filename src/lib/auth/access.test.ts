import {
  ADMIN,
  SIGNED_IN,
  PAGE_RULES,
  PUBLIC,
  SELF,
  SELF_OR_ADMIN,
  actsAsAdmin,
  assertAccess,
  checkAccess,
  hasMembership,
  hasPermission,
  levelsOpenTo,
  MEMBERS_HOME,
  meetsLevel,
  pageRuleFor,
  permission,
  redirectFor,
  safeNextPath,
} from "./access";

const visitor = null;
const member = { isAdmin: false, permissions: {}, twoFactorPassed: false };
const editor = { isAdmin: false, permissions: { manage_content: true }, twoFactorPassed: false };
const admin = { isAdmin: true, permissions: {}, twoFactorPassed: true };
/** An administrator in a session that did not pass two-factor sign-in. */
const adminWithoutTwoFactor = { ...admin, twoFactorPassed: false };

describe("signed in is not a membership", () => {
  it("lets anyone signed in through SIGNED_IN, and says separately who holds a membership", () => {
    const withoutTier = { ...member, membershipLevel: null };
    expect(checkAccess(withoutTier, SIGNED_IN)).toBe("allowed");
    expect(hasMembership(withoutTier)).toBe(false);
    expect(hasMembership({ ...member, membershipLevel: "connect" })).toBe(true);
    expect(hasMembership({ ...admin, membershipLevel: null })).toBe(true);
    expect(hasMembership({ ...adminWithoutTwoFactor, membershipLevel: null })).toBe(false);
    expect(hasMembership(null)).toBe(false);
  });
});

describe("assertAccess (a data function's own check)", () => {
  it("throws 401 without a viewer and 403 for a viewer the rule does not admit", () => {
    expect(() => assertAccess(null, ADMIN)).toThrow(expect.objectContaining({ status: 401 }));
    expect(() => assertAccess(member, ADMIN)).toThrow(expect.objectContaining({ status: 403 }));
    expect(() => assertAccess(adminWithoutTwoFactor, ADMIN)).toThrow(expect.objectContaining({ status: 403 }));
    expect(() => assertAccess(editor, permission("manage_content"))).not.toThrow();
    expect(() => assertAccess(admin, ADMIN)).not.toThrow();
  });
});

describe("checkAccess", () => {
  it("lets anyone through a public rule", () => {
    expect(checkAccess(visitor, PUBLIC)).toBe("allowed");
  });

  it("asks a visitor to sign in for member, admin and permission rules", () => {
    for (const rule of [SIGNED_IN, ADMIN, permission("manage_content")])
      expect(checkAccess(visitor, rule)).toBe("unauthenticated");
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
    expect(checkAccess(adminWithoutTwoFactor, SIGNED_IN)).toBe("allowed");
    expect(checkAccess({ ...editor, isAdmin: true }, permission("manage_content"))).toBe("allowed");
    expect(redirectFor("two_factor_setup", "/admin?x=1")).toBe("/profile/security?next=%2Fadmin%3Fx%3D1");
  });
});

describe("acting as an admin (one rule, two-factor in this session)", () => {
  it("needs the role and a session that passed two-factor", () => {
    expect(actsAsAdmin(admin)).toBe(true);
    expect(actsAsAdmin(adminWithoutTwoFactor)).toBe(false);
    expect(actsAsAdmin({ ...member, twoFactorPassed: true })).toBe(false);
    expect(actsAsAdmin(null)).toBe(false);
  });

  it("gives an admin without it no permission, no tier and nothing gated", () => {
    expect(hasPermission(adminWithoutTwoFactor, "manage_content")).toBe(false);
    expect(hasPermission(admin, "manage_content")).toBe(true);
    expect(hasPermission({ ...editor, twoFactorPassed: false }, "manage_content")).toBe(true);
    const levelless = { ...adminWithoutTwoFactor, membershipLevel: null };
    expect(levelsOpenTo(levelless)).toEqual([]);
    expect(meetsLevel(levelless, "connect")).toBe(false);
    expect(levelsOpenTo({ ...adminWithoutTwoFactor, membershipLevel: "create" })).toEqual(["connect", "create"]);
    expect(levelsOpenTo({ ...admin, membershipLevel: null })).toBeNull();
  });

  it("opens every level to the holders of a feature's editing permission when the feature names it", () => {
    const anEditor = { ...editor, membershipLevel: "connect" };
    expect(levelsOpenTo(anEditor)).toEqual(["connect"]);
    expect(levelsOpenTo(anEditor, "manage_content")).toBeNull();
    expect(meetsLevel(anEditor, "play", "manage_content")).toBe(true);
    expect(levelsOpenTo({ ...adminWithoutTwoFactor, membershipLevel: null }, "manage_content")).toEqual([]);
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

describe("membership levels (at least the required level)", () => {
  const at = (membershipLevel: string | null) => ({ ...member, membershipLevel });

  it("opens a tier and the tiers below it", () => {
    expect(levelsOpenTo(at("connect"))).toEqual(["connect"]);
    expect(levelsOpenTo(at("empower"))).toEqual(["connect", "create", "empower"]);
    expect(levelsOpenTo(at("play"))).toEqual(["connect", "create", "empower", "play"]);
  });

  it("opens nothing gated to a visitor or a user without a tier, and everything to admins", () => {
    expect(levelsOpenTo(null)).toEqual([]);
    expect(levelsOpenTo(at(null))).toEqual([]);
    expect(levelsOpenTo({ ...admin, membershipLevel: null })).toBeNull();
  });

  it("compares with at least, not equality", () => {
    expect(meetsLevel(at("play"), "create")).toBe(true);
    expect(meetsLevel(at("create"), "create")).toBe(true);
    expect(meetsLevel(at("connect"), "create")).toBe(false);
    expect(meetsLevel(at(null), null)).toBe(true);
    expect(meetsLevel({ ...admin, membershipLevel: null }, "play")).toBe(true);
  });
});

describe("pageRuleFor", () => {
  it.each([
    ["/admin", ADMIN],
    ["/admin/applications", ADMIN],
    ["/admin/payment-transactions/12", ADMIN],
    ["/spiritual-profile", SIGNED_IN],
    ["/forum", SIGNED_IN],
    ["/forum/topic/welcome", SIGNED_IN],
    ["/library/item/x", SIGNED_IN],
    ["/profile", SIGNED_IN],
    ["/profile/3", SIGNED_IN],
    ["/members", SIGNED_IN],
  ])("guards %s", (path, rule) => {
    expect(pageRuleFor(path)).toEqual(rule);
  });

  it("requires manage_content for the library's create screen and its management, not admin", () => {
    expect(pageRuleFor("/admin/content/create")).toEqual(permission("manage_content"));
    expect(pageRuleFor("/admin/library")).toEqual(permission("manage_content"));
    expect(pageRuleFor("/admin/library/items/3")).toEqual(permission("manage_content"));
    expect(pageRuleFor("/admin/content")).toEqual(ADMIN);
  });

  it.each(["/", "/about", "/events/3", "/blog", "/faq", "/chat", "/apply", "/login", "/administrator", "/forums"])(
    "leaves %s public",
    (path) => {
      expect(pageRuleFor(path)).toEqual(PUBLIC);
    },
  );

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
    expect(safeNextPath("/forum/topic/welcome?page=2#reply-3")).toBe("/forum/topic/welcome?page=2#reply-3");
    expect(safeNextPath("/profile/security?next=%2Fadmin")).toBe("/profile/security?next=%2Fadmin");
    expect(safeNextPath("https://evil.example")).toBe("/");
    expect(safeNextPath("//evil.example")).toBe("/");
    expect(safeNextPath("/\\evil.example")).toBe("/");
    expect(safeNextPath(null)).toBe("/");
    expect(safeNextPath("")).toBe("/");
  });

  it("sends her to the caller's fallback, such as the members' home after sign-in, when next is missing or off-site", () => {
    expect(safeNextPath(null, MEMBERS_HOME)).toBe(MEMBERS_HOME);
    expect(safeNextPath("https://evil.example", MEMBERS_HOME)).toBe(MEMBERS_HOME);
    expect(safeNextPath("/library", MEMBERS_HOME)).toBe("/library");
  });
});

/**
 * `/login?next=%2F%09%2Fevil.example%2Fx` passed, and the browser, which drops tabs and line
 * breaks from URLs, went to http://evil.example/x. Each case is what the page reads from its query
 * string (decoded once), and none may lead off the site as a browser resolves it.
 */
describe("safeNextPath against open redirects", () => {
  const controls = [...Array.from({ length: 0x20 }, (_, code) => code), 0x7f].map((code) => String.fromCharCode(code));
  const offSite = (path: string) => new URL(path, "https://our.example").origin !== "https://our.example";

  it.each(controls.map((c) => [`U+${c.charCodeAt(0).toString(16).padStart(4, "0")}`, c] as const))(
    "refuses %s anywhere in the path",
    (_name, c) => {
      for (const next of [`/${c}/evil.example/x`, `${c}//evil.example`, `/${c}\\evil.example`, `/forum${c}`, `/${c}`]) {
        expect(safeNextPath(next)).toBe("/");
      }
    },
  );

  it.each([
    ["a tab between the slashes", "/\t/evil.example/x"],
    ["a line feed", "/\n/evil.example"],
    ["a carriage return", "/\r/evil.example"],
    ["CR LF", "/\r\n/evil.example"],
    ["a leading space", " //evil.example"],
    ["two slashes", "//evil.example/x"],
    ["three slashes", "///evil.example"],
    ["a backslash after the slash", "/\\evil.example"],
    ["two backslashes", "\\\\evil.example"],
    ["a slash and backslashes", "/\\/evil.example"],
    ["javascript:", "javascript:alert(document.domain)"],
    ["data:", "data:text/html,<script>alert(1)</script>"],
    ["an absolute URL", "https://evil.example/x"],
    ["an absolute URL without slashes", "https:evil.example"],
    ["dot segments to two slashes", "/..//evil.example"],
    ["encoded dot segments to two slashes", "/%2e%2e//evil.example"],
    ["a user-info trick", "//our.example@evil.example"],
  ])("refuses %s", (_name, next) => {
    expect(safeNextPath(next)).toBe("/");
  });

  it.each([
    ["an encoded tab", "%2F%09%2Fevil.example%2Fx"],
    ["an encoded line feed", "%2F%0A%2Fevil.example"],
    ["an encoded carriage return", "%2F%0D%2Fevil.example"],
    ["an encoded backslash", "%2F%5Cevil.example"],
    ["double encoding", "%252F%2509%252Fevil.example"],
    ["double-encoded slashes", "%252F%252Fevil.example"],
  ])("never leaves the site for %s, as read from the query string", (_name, raw) => {
    const once = new URLSearchParams(`next=${raw}`).get("next")!;
    for (const next of [raw, once, decodeURIComponent(once)]) {
      const path = safeNextPath(next);
      expect(path.startsWith("/")).toBe(true);
      expect(path.startsWith("//")).toBe(false);
      expect(offSite(path)).toBe(false);
    }
  });

  it("keeps encoded characters encoded, and odd paths, on the site", () => {
    expect(safeNextPath("/%09/evil.example")).toBe("/%09/evil.example");
    expect(offSite("/%09/evil.example")).toBe(false);
    expect(safeNextPath("/javascript:alert(1)//")).toBe("/javascript:alert(1)//");
    expect(offSite("/javascript:alert(1)//")).toBe(false);
  });
});
