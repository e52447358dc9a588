import type { TierId } from "../schema/enums";

export const DEMO_CONTENT_CATEGORIES: { name: string; slug: string; description: string; icon: string; isPublic: boolean; requiredMembershipLevel: TierId | null }[] = [
  { name: "Leadership", slug: "leadership", description: "Growing as a leader, on your own terms.", icon: "crown", isPublic: true, requiredMembershipLevel: null },
  { name: "Wellness", slug: "wellness", description: "Practices for body, mind and rest.", icon: "leaf", isPublic: true, requiredMembershipLevel: null },
  { name: "Creativity", slug: "creativity", description: "Making, sharing and getting unstuck.", icon: "palette", isPublic: true, requiredMembershipLevel: null },
  { name: "Business", slug: "business", description: "Money, clients and contracts for creative businesses.", icon: "briefcase", isPublic: false, requiredMembershipLevel: "empower" },
];

export const DEMO_CONTENT_TAGS = [
  { name: "Leadership", slug: "leadership" },
  { name: "Breathwork", slug: "breathwork" },
  { name: "Creativity", slug: "creativity" },
  { name: "Planning", slug: "planning" },
  { name: "Career", slug: "career" },
  { name: "Self-care", slug: "self-care" },
];

export const DEMO_CONTENT_ITEMS: {
  title: string;
  slug: string;
  summary: string;
  content: string;
  contentType: "article" | "video" | "pdf" | "external";
  category: string;
  tags: string[];
  featuredImage: string;
  isFeatured?: boolean;
  isPublic: boolean;
  requiredMembershipLevel: TierId | null;
  status: "draft" | "published";
  daysAgo: number | null;
  author: string;
  viewCount: number;
  videoUrl?: string;
  attachmentUrl?: string;
  externalUrl?: string;
}[] = [
  {
    title: "Finding Your Creative Rhythm",
    slug: "finding-your-creative-rhythm",
    summary: "Why a creative rhythm beats a creative routine, and how to find yours.",
    content:
      "<h2>Rhythm, not routine</h2><p>A routine is the same every day. A rhythm changes with the season, your energy and your cycle, and it still carries you forward.</p><h2>Three questions</h2><ol><li>When in the day do ideas arrive?</li><li>When do you have the patience to finish things?</li><li>What does rest look like for you this month?</li></ol><p>Write your answers down and plan your week around them, not against them.</p>",
    contentType: "article",
    category: "creativity",
    tags: ["creativity", "planning"],
    featuredImage: "/images/studio.svg",
    isFeatured: true,
    isPublic: true,
    requiredMembershipLevel: null,
    status: "published",
    daysAgo: 9,
    author: "mentor",
    viewCount: 87,
  },
  {
    title: "Boundaries for Caregivers and Creatives",
    slug: "boundaries-for-caregivers",
    summary: "Saying no so that you can keep saying yes to what matters.",
    content:
      "<p>Many of us care for children, parents, partners and clients, and then wonder why there is nothing left for our own work.</p><h2>A practice</h2><p>For one week, write down every request you agree to. At the end of the week, mark the ones that cost more than they gave.</p><p>Next week, say no to one of them. Notice what happens.</p>",
    contentType: "article",
    category: "wellness",
    tags: ["self-care"],
    featuredImage: "/images/garden.svg",
    isPublic: false,
    requiredMembershipLevel: "create",
    status: "published",
    daysAgo: 16,
    author: "admin",
    viewCount: 41,
  },
  {
    title: "Morning Breathwork Session",
    slug: "morning-breathwork-session",
    summary: "A fifteen-minute guided breathwork session to start the day.",
    content: "",
    contentType: "video",
    category: "wellness",
    tags: ["breathwork", "self-care"],
    featuredImage: "/images/river.svg",
    isPublic: true,
    requiredMembershipLevel: null,
    status: "published",
    daysAgo: 22,
    author: "mentor",
    viewCount: 156,
    videoUrl: "https://videos.example.com/morning-breathwork.mp4",
  },
  {
    title: "Retreat Planning Workbook",
    slug: "retreat-planning-workbook",
    summary: "A printable workbook for planning your first retreat, from budget to closing circle.",
    content: "",
    contentType: "pdf",
    category: "business",
    tags: ["planning", "career"],
    featuredImage: "/images/retreat.svg",
    isPublic: false,
    requiredMembershipLevel: "empower",
    status: "published",
    daysAgo: 30,
    author: "admin",
    viewCount: 23,
    attachmentUrl: "/files/retreat-planning-workbook.pdf",
  },
  {
    title: "Womxn in Creative Leadership Report",
    slug: "womxn-in-creative-leadership-report",
    summary: "An outside report on womxn leading creative organisations, with our notes.",
    content: "",
    contentType: "external",
    category: "leadership",
    tags: ["leadership", "career"],
    featuredImage: "/images/stage.svg",
    isPublic: true,
    requiredMembershipLevel: null,
    status: "published",
    daysAgo: 45,
    author: "partner",
    viewCount: 64,
    externalUrl: "https://example.org/reports/womxn-in-creative-leadership",
  },
  {
    title: "Pricing Your Creative Work (draft)",
    slug: "pricing-your-creative-work",
    summary: "Work in progress: a guide to pricing commissions and workshops.",
    content: "<p>This guide is still being written.</p>",
    contentType: "article",
    category: "business",
    tags: ["career"],
    featuredImage: "/images/market.svg",
    isPublic: false,
    requiredMembershipLevel: "create",
    status: "draft",
    daysAgo: null,
    author: "admin",
    viewCount: 0,
  },
];
