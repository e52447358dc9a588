import type { ContentType } from "@/features/library/constants";
import type { TierId } from "@/features/membership/constants";
import { demoPdf } from "./demo-pdf";

// Demo library: every screen non-empty, every content type, featured items, and gated categories and
// items at each tier, so the demo `member` (Create tier) sees open items and locked cards side by side.

export const DEMO_CONTENT_CATEGORIES: {
  name: string;
  slug: string;
  description: string;
  icon: string;
  isPublic: boolean;
  requiredMembershipLevel: TierId | null;
}[] = [
  {
    name: "Getting Started",
    slug: "getting-started",
    description: "Your first steps in the community and its library.",
    icon: "sparkles",
    isPublic: false,
    requiredMembershipLevel: "connect",
  },
  {
    name: "Leadership",
    slug: "leadership",
    description: "Growing as a leader, on your own terms.",
    icon: "crown",
    isPublic: true,
    requiredMembershipLevel: null,
  },
  {
    name: "Wellness",
    slug: "wellness",
    description: "Practices for body, mind and rest.",
    icon: "leaf",
    isPublic: true,
    requiredMembershipLevel: null,
  },
  {
    name: "Creativity",
    slug: "creativity",
    description: "Making, sharing and getting unstuck.",
    icon: "palette",
    isPublic: true,
    requiredMembershipLevel: null,
  },
  {
    name: "Business",
    slug: "business",
    description: "Money, clients and contracts for creative businesses.",
    icon: "briefcase",
    isPublic: false,
    requiredMembershipLevel: "empower",
  },
  {
    name: "Inner Circle",
    slug: "inner-circle",
    description: "Masterclasses and recordings for Play members.",
    icon: "star",
    isPublic: false,
    requiredMembershipLevel: "play",
  },
];

export const DEMO_CONTENT_TAGS = [
  { name: "Leadership", slug: "leadership" },
  { name: "Breathwork", slug: "breathwork" },
  { name: "Creativity", slug: "creativity" },
  { name: "Planning", slug: "planning" },
  { name: "Career", slug: "career" },
  { name: "Self-care", slug: "self-care" },
  { name: "Community", slug: "community" },
];

/** Files the demo items use, stored through the storage module's table; their bytes are written at start-up. */
export const DEMO_LIBRARY_FILES = [
  {
    key: "demo/retreat-planning-workbook.pdf",
    originalName: "Retreat Planning Workbook.pdf",
    contentType: "application/pdf",
    bytes: () =>
      demoPdf("Retreat Planning Workbook", [
        "1. Why this retreat? Write one sentence.",
        "2. Who is it for, and how many?",
        "3. Budget: venue, food, facilitators, travel.",
        "4. The feeling guests should leave with.",
        "5. Opening circle, daily rhythm, closing circle.",
      ]),
  },
];

export interface DemoContentItem {
  title: string;
  slug: string;
  summary: string;
  content?: string;
  contentType: ContentType;
  category: string;
  tags: string[];
  featuredImage: string;
  isFeatured?: boolean;
  isPublic: boolean;
  requiredMembershipLevel: TierId | null;
  status: "draft" | "published" | "scheduled";
  /** Days since publication; negative for a scheduled item; null for a draft. */
  daysAgo: number | null;
  author: string;
  viewCount: number;
  videoUrl?: string;
  /** The key of one of DEMO_LIBRARY_FILES. */
  attachmentFile?: string;
  externalUrl?: string;
}

const paragraphs = (...texts: string[]) =>
  texts.map((text) => (text.startsWith("<") ? text : `<p>${text}</p>`)).join("");

/** The demo's start-here item for a new member's first steps (the site setting `startHereItemId`). */
export const DEMO_START_HERE_SLUG = "welcome-to-the-library";

export const DEMO_CONTENT_ITEMS: DemoContentItem[] = [
  {
    title: "Finding Your Creative Rhythm",
    slug: "finding-your-creative-rhythm",
    summary: "Why a creative rhythm beats a creative routine, and how to find yours.",
    content: paragraphs(
      "<h2>Rhythm, not routine</h2>",
      "A routine is the same every day. A rhythm changes with the season, your energy and your cycle, and it still carries you forward.",
      "<h2>Three questions</h2>",
      "<ol><li><p>When in the day do ideas arrive?</p></li><li><p>When do you have the patience to finish things?</p></li><li><p>What does rest look like for you this month?</p></li></ol>",
      "Write your answers down and plan your week around them, not against them.",
    ),
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
    title: "Welcome to the Library",
    slug: "welcome-to-the-library",
    summary: "How the library is organised, what each tier opens and how to save what you want to come back to.",
    content: paragraphs(
      "The library holds articles, recorded sessions, workbooks and links we love. Everything here was chosen or written by members and mentors.",
      "<h2>Finding things</h2>",
      "Search looks through titles, summaries, tags and whole articles. Combine it with a category, a tag or a type, and share the address: it keeps your filters.",
      "<h2>Saving for later</h2>",
      "Press <strong>Save</strong> on anything you want to come back to. Your bookmarks are yours alone: nobody else sees them.",
    ),
    contentType: "article",
    category: "getting-started",
    tags: ["community"],
    featuredImage: "/images/circle.svg",
    isFeatured: true,
    isPublic: false,
    requiredMembershipLevel: "connect",
    status: "published",
    daysAgo: 60,
    author: "admin",
    viewCount: 212,
  },
  {
    title: "Boundaries for Caregivers and Creatives",
    slug: "boundaries-for-caregivers",
    summary: "Saying no so that you can keep saying yes to what matters.",
    content: paragraphs(
      "Many of us care for children, parents, partners and clients, and then wonder why there is nothing left for our own work.",
      "<h2>A practice</h2>",
      "For one week, write down every request you agree to. At the end of the week, mark the ones that cost more than they gave.",
      "Next week, say no to one of them. Notice what happens.",
    ),
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
    contentType: "video",
    category: "wellness",
    tags: ["breathwork", "self-care"],
    featuredImage: "/images/river.svg",
    isFeatured: true,
    isPublic: true,
    requiredMembershipLevel: null,
    status: "published",
    daysAgo: 22,
    author: "mentor",
    viewCount: 156,
    videoUrl: "https://www.youtube.com/watch?v=aqz-KE-bpKQ",
  },
  {
    title: "Retreat Planning Workbook",
    slug: "retreat-planning-workbook",
    summary: "A printable workbook for planning your first retreat, from budget to closing circle.",
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
    attachmentFile: "demo/retreat-planning-workbook.pdf",
  },
  {
    title: "Leading Through Change: A Masterclass",
    slug: "leading-through-change-masterclass",
    summary: "A recorded masterclass on leading a team or a community through a season of change.",
    contentType: "video",
    category: "inner-circle",
    tags: ["leadership"],
    featuredImage: "/images/stage.svg",
    isPublic: false,
    requiredMembershipLevel: "play",
    status: "published",
    daysAgo: 5,
    author: "partner",
    viewCount: 12,
    videoUrl: "https://vimeo.com/76979871",
  },
  {
    title: "Womxn in Creative Leadership Report",
    slug: "womxn-in-creative-leadership-report",
    summary: "An outside report on womxn leading creative organisations, with our notes.",
    contentType: "external",
    category: "leadership",
    tags: ["leadership", "career"],
    featuredImage: "/images/salon.svg",
    isPublic: true,
    requiredMembershipLevel: null,
    status: "published",
    daysAgo: 45,
    author: "partner",
    viewCount: 64,
    externalUrl: "https://example.org/reports/womxn-in-creative-leadership",
  },
  {
    title: "Collage for Visioning",
    slug: "collage-for-visioning",
    summary: "A gentle, low-stakes way to picture the year ahead with scissors, glue and old magazines.",
    content: paragraphs(
      "Visioning does not have to start with words. Sometimes the hand knows before the head does.",
      "<h2>What you need</h2>",
      "<ul><li><p>A stack of old magazines, catalogues and postcards</p></li><li><p>Scissors or a craft knife</p></li><li><p>A glue stick and a large sheet of card</p></li></ul>",
      "<h2>How to begin</h2>",
      "Set a timer for twenty minutes and tear out anything that makes you feel something, without asking why. Then arrange, glue and title your collage. Hang it where you will see it on a Monday morning.",
      "<blockquote><p>Make it ugly first. Beauty can come later.</p></blockquote>",
    ),
    contentType: "article",
    category: "creativity",
    tags: ["creativity", "planning"],
    featuredImage: "/images/workshop.svg",
    isPublic: true,
    requiredMembershipLevel: null,
    status: "published",
    daysAgo: 3,
    author: "amara",
    viewCount: 19,
  },
  {
    title: "Speaking Up in Rooms That Were Not Built for You",
    slug: "speaking-up-in-rooms",
    summary: "Practical ways to be heard in meetings, panels and pitches, from members who have done it.",
    content: paragraphs(
      "Being the only one in the room is tiring. These are the habits our members say helped them most.",
      "<h2>Before</h2>",
      "Ask for the agenda and pick one point you will speak to. Tell an ally in the room what you plan to say.",
      "<h2>During</h2>",
      "Speak in the first ten minutes. If someone repeats your idea, thank them for building on it, by name.",
    ),
    contentType: "article",
    category: "leadership",
    tags: ["leadership", "career"],
    featuredImage: "/images/gathering.svg",
    isPublic: false,
    requiredMembershipLevel: "connect",
    status: "published",
    daysAgo: 12,
    author: "mentor",
    viewCount: 38,
  },
  {
    title: "Autumn Reset Ritual",
    slug: "autumn-reset-ritual",
    summary: "A short seasonal ritual for letting go of what the summer asked of you.",
    content: paragraphs(
      "Light a candle, write down three things you are ready to put down, and read them aloud. Then rest.",
    ),
    contentType: "article",
    category: "wellness",
    tags: ["self-care"],
    featuredImage: "/images/sunrise.svg",
    isPublic: true,
    requiredMembershipLevel: null,
    status: "scheduled",
    daysAgo: -3,
    author: "admin",
    viewCount: 0,
  },
  {
    title: "Pricing Your Creative Work (draft)",
    slug: "pricing-your-creative-work",
    summary: "Work in progress: a guide to pricing commissions and workshops.",
    content: paragraphs("This guide is still being written."),
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

/** Who bookmarked and commented on what (slugs and usernames). */
export const DEMO_LIBRARY_BOOKMARKS: { username: string; slug: string }[] = [
  { username: "member", slug: "finding-your-creative-rhythm" },
  { username: "member", slug: "morning-breathwork-session" },
  { username: "member", slug: "retreat-planning-workbook" },
  { username: "member", slug: "womxn-in-creative-leadership-report" },
];

export const DEMO_LIBRARY_COMMENTS: { username: string; slug: string; comment: string; hoursAgo: number }[] = [
  {
    username: "member",
    slug: "finding-your-creative-rhythm",
    comment: "This reframed my whole week. Thank you!",
    hoursAgo: 150,
  },
  {
    username: "amara",
    slug: "finding-your-creative-rhythm",
    comment: "Ideas arrive at 6am for me, patience at 4pm. Planning around that now.",
    hoursAgo: 120,
  },
  {
    username: "lena",
    slug: "morning-breathwork-session",
    comment: "I do this before my commute. The last three minutes are my favourite.",
    hoursAgo: 300,
  },
  {
    username: "mentor",
    slug: "boundaries-for-caregivers",
    comment: "Try it for two weeks if one feels too short. The second week is where it gets honest.",
    hoursAgo: 200,
  },
];
