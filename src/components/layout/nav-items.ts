// The navbar's links, in one place for the desktop bar and the mobile menu.

export interface NavLink {
  href: string;
  label: string;
  /** In-page sections listed under the item (the spec's anchors). */
  anchors?: { href: string; label: string }[];
  /** Active for any path under href, not only href itself. */
  matchPrefix?: boolean;
}

export const VISITOR_ONLY_LINKS = {
  about: {
    href: "/about",
    label: "About",
    anchors: [
      { href: "/about#who-we-are", label: "Who We Are" },
      { href: "/about#principles", label: "Principles" },
      { href: "/about#leadership", label: "Leadership" },
      { href: "/about#empowered-team", label: "Empowered Team" },
    ],
  },
  membership: {
    href: "/membership",
    label: "Membership",
    anchors: [
      { href: "/membership#benefits", label: "Benefits" },
      { href: "/membership#tiers", label: "Tiers" },
    ],
  },
  apply: { href: "/apply", label: "Apply" },
  faq: { href: "/faq", label: "FAQ" },
} satisfies Record<string, NavLink>;

export const ALWAYS_LINKS = {
  home: { href: "/", label: "Home" },
  /** A signed-in member's Home is hers: what is new since her last visit (the public home is the logo's). */
  membersHome: { href: "/home", label: "Home" },
  events: {
    href: "/events",
    label: "Events",
    anchors: [
      { href: "/events#calendar", label: "Calendar" },
      { href: "/events#upcoming", label: "Upcoming" },
      { href: "/events#past", label: "Past" },
    ],
  },
  community: { href: "/community", label: "Community" },
  forum: { href: "/forum", label: "Forum", matchPrefix: true },
  library: { href: "/library", label: "Library", matchPrefix: true },
  courses: { href: "/courses", label: "Courses", matchPrefix: true },
  blog: { href: "/blog", label: "Blog" },
} satisfies Record<string, NavLink>;

/** In the bar once signed in. */
export const MEMBER_LINKS: NavLink[] = [
  { href: "/chat", label: "AI Chat" },
  { href: "/members", label: "Members" },
  { href: "/leaderboard", label: "Leaderboard" },
];

/**
 * Her own pages, under her picture in the bar (with Logout) and in the mobile menu: twelve items in
 * one bar wrapped onto two lines for an administrator.
 */
export const ACCOUNT_LINKS: NavLink[] = [
  { href: "/profile", label: "My Profile" },
  { href: "/spiritual-profile", label: "Spiritual Profile" },
];

export const ADMIN_LINKS: NavLink[] = [
  { href: "/admin/members", label: "Members" },
  { href: "/admin/applications", label: "Applications" },
  { href: "/admin/payment-transactions", label: "Payment Transactions" },
  { href: "/admin/stripe-refusals", label: "Stripe Refusals" },
  { href: "/admin/affiliates", label: "Affiliates" },
  { href: "/admin/forum", label: "Forum" },
  { href: "/admin/message-reports", label: "Reported Messages" },
  { href: "/admin/announcements", label: "Announcements" },
  { href: "/admin/blog", label: "Blog" },
  { href: "/admin/content", label: "Content" },
  { href: "/admin/library", label: "Library" },
  { href: "/admin/courses", label: "Courses" },
  { href: "/admin/audit", label: "Audit Log" },
];

/** The main items in display order for a visitor or a signed-in user. */
export function mainLinks(signedIn: boolean): NavLink[] {
  const a = ALWAYS_LINKS;
  const v = VISITOR_ONLY_LINKS;
  return signedIn
    ? [a.membersHome, a.events, a.forum, a.library, a.courses, a.blog]
    : [a.home, v.about, v.membership, a.events, a.community, a.forum, a.library, a.blog, v.apply, v.faq];
}

export function isActive(link: NavLink, pathname: string): boolean {
  if (link.matchPrefix) return pathname === link.href || pathname.startsWith(link.href);
  return pathname === link.href;
}
