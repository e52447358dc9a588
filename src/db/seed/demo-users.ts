import type { TierId } from "@/features/membership/constants";

/** Demo data only: never seeded into a DATABASE_URL database unless asked with `npm run db:seed`. */
export const DEMO_PASSWORD = "community-demo";

export interface DemoUser {
  username: string;
  role: string;
  firstName: string;
  lastName: string;
  email: string;
  membershipLevel: TierId | null;
  isAdmin?: boolean;
  isMentor?: boolean;
  isPartner?: boolean;
  mentorTopics?: string[];
  /** Who sees her location (default: members). */
  locationVisibility?: "members" | "nobody";
  permissions?: Record<string, boolean>;
  bio: string;
  occupation: string;
  location: string;
  interests: string[];
  /** The day she joined (YYYY-MM-DD); her account is dated the same. */
  memberSince: string;
}

/**
 * Jordan (`member`) joined by card this many days before the seed ran: her application's approval,
 * her first payment, her Billing tab's start and her "member since" all give this one day.
 */
export const MEMBER_JOINED_DAYS_AGO = 70;
const dayBeforeSeed = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

/** The four logins printed at start and listed in the README, then members who fill the forum. */
export const DEMO_USERS: DemoUser[] = [
  {
    username: "admin",
    role: "administrator (sets up two-factor sign-in on her first admin page)",
    firstName: "Maya",
    lastName: "Okafor",
    email: "admin@example.com",
    membershipLevel: "play",
    isAdmin: true,
    permissions: { manage_content: true },
    bio: "Co-founder. I design gatherings where womxn feel at home.",
    occupation: "Experience Designer",
    location: "Brooklyn, NY",
    interests: ["Experiential design", "Community building", "Ceramics"],
    memberSince: "2021-03-01",
  },
  {
    username: "member",
    role: "member (Create tier)",
    firstName: "Jordan",
    lastName: "Lee",
    email: "member@example.com",
    membershipLevel: "create",
    bio: "Illustrator and zine maker, new to the circle and loving it.",
    occupation: "Illustrator",
    location: "Oakland, CA",
    interests: ["Illustration", "Zines", "Yoga"],
    memberSince: dayBeforeSeed(MEMBER_JOINED_DAYS_AGO),
  },
  {
    username: "mentor",
    role: "member and mentor (Empower tier)",
    firstName: "Priya",
    lastName: "Sharma",
    email: "mentor@example.com",
    membershipLevel: "empower",
    isMentor: true,
    mentorTopics: ["Creative leadership", "Building a wellness practice", "Public speaking"],
    bio: "Leadership coach and breathwork facilitator. Ask me about finding your voice.",
    occupation: "Leadership Coach",
    location: "London, UK",
    interests: ["Breathwork", "Leadership", "Poetry"],
    memberSince: "2022-01-10",
  },
  {
    username: "partner",
    role: "member and affiliate partner (Play tier)",
    firstName: "Sofia",
    lastName: "Martinez",
    email: "partner@example.com",
    membershipLevel: "play",
    isPartner: true,
    bio: "Brand strategist. I bring my favourite people into this community.",
    occupation: "Brand Strategist",
    location: "Miami, FL",
    interests: ["Branding", "Dance", "Travel"],
    memberSince: "2023-05-20",
  },
];

export const DEMO_COMMUNITY_MEMBERS: Omit<DemoUser, "role">[] = [
  {
    username: "amara",
    firstName: "Amara",
    lastName: "Nwosu",
    email: "amara@example.com",
    membershipLevel: "create",
    bio: "Painter and muralist.",
    occupation: "Muralist",
    location: "Lagos, Nigeria",
    interests: ["Murals", "Colour", "Public art"],
    isMentor: true,
    mentorTopics: ["Public art commissions", "Pricing creative work"],
    memberSince: "2024-02-11",
  },
  {
    username: "lena",
    firstName: "Lena",
    lastName: "Fischer",
    email: "lena@example.com",
    membershipLevel: "connect",
    bio: "Sound healer and musician.",
    occupation: "Sound Healer",
    location: "Berlin, Germany",
    interests: ["Sound baths", "Synths", "Meditation"],
    locationVisibility: "nobody",
    memberSince: "2025-06-02",
  },
];
