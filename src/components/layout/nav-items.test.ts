import { ACCOUNT_LINKS, ADMIN_LINKS, ALWAYS_LINKS, MEMBER_LINKS, isActive, mainLinks } from "./nav-items";

const labels = (links: { label: string }[]) => links.map((l) => l.label);

describe("navbar items", () => {
  it("shows visitors About, Membership, Apply and FAQ with the items shown always", () => {
    expect(labels(mainLinks(false))).toEqual([
      "Home",
      "About",
      "Membership",
      "Events",
      "Community",
      "Forum",
      "Library",
      "Blog",
      "Apply",
      "FAQ",
    ]);
  });

  it("hides About, Membership, Apply and FAQ once signed in", () => {
    expect(labels(mainLinks(true))).toEqual(["Home", "Events", "Forum", "Library", "Courses", "Blog"]);
    // Her Home is the members' home; the public home page stays the logo's.
    expect(mainLinks(true)[0]!.href).toBe("/home");
    expect(mainLinks(false)[0]!.href).toBe("/");
    expect(labels(MEMBER_LINKS)).toEqual(["AI Chat", "Members", "Leaderboard"]);
    expect(labels(ACCOUNT_LINKS)).toEqual(["My Profile", "Spiritual Profile"]);
  });

  it("has the admin pages in the Admin menu: Members first, Stripe Refusals and Affiliates after the payments, then the library's management and the audit log", () => {
    expect(ADMIN_LINKS.map((l) => l.href)).toEqual([
      "/admin/members",
      "/admin/applications",
      "/admin/payment-transactions",
      "/admin/stripe-refusals",
      "/admin/affiliates",
      "/admin/forum",
      "/admin/message-reports",
      "/admin/announcements",
      "/admin/blog",
      "/admin/content",
      "/admin/library",
      "/admin/courses",
      "/admin/audit",
    ]);
  });

  it("marks Forum and Library active for any path under them, others only on their own page", () => {
    expect(isActive(ALWAYS_LINKS.forum, "/forum/topic/welcome")).toBe(true);
    expect(isActive(ALWAYS_LINKS.forum, "/forum")).toBe(true);
    expect(isActive(ALWAYS_LINKS.library, "/library/item/finding-your-creative-rhythm")).toBe(true);
    expect(isActive(ALWAYS_LINKS.blog, "/blog/some-post")).toBe(false);
    expect(isActive(ALWAYS_LINKS.home, "/")).toBe(true);
    expect(isActive(ALWAYS_LINKS.home, "/about")).toBe(false);
  });
});
