import type { TierId } from "@/features/membership/constants";

export const DEMO_FORUM_CATEGORIES: {
  name: string;
  slug: string;
  description: string;
  icon: string;
  color: string;
  isPrivate: boolean;
  requiredMembershipLevel: TierId | null;
}[] = [
  {
    name: "Introductions",
    slug: "introductions",
    description: "New here? Tell us who you are and what brought you.",
    icon: "hand-heart",
    color: "#c2477f",
    isPrivate: false,
    requiredMembershipLevel: null,
  },
  {
    name: "Creative Corner",
    slug: "creative-corner",
    description: "Share work in progress, find collaborators, ask for feedback.",
    icon: "palette",
    color: "#8e4a9e",
    isPrivate: false,
    requiredMembershipLevel: null,
  },
  {
    name: "Wellness & Self-Care",
    slug: "wellness",
    description: "Practices, rituals and resources for body and mind.",
    icon: "leaf",
    color: "#4f9fae",
    isPrivate: false,
    requiredMembershipLevel: null,
  },
  {
    name: "Leadership Circle",
    slug: "leadership-circle",
    description: "For Empower and Play members growing into leadership.",
    icon: "crown",
    color: "#6b2150",
    isPrivate: true,
    requiredMembershipLevel: "empower",
  },
  {
    name: "Events & Meetups",
    slug: "events-meetups",
    description: "Plan meetups, share photos and find a buddy for the next event.",
    icon: "calendar-heart",
    color: "#d46a5a",
    isPrivate: false,
    requiredMembershipLevel: null,
  },
];

/** Topics with their replies; authors are demo usernames. */
export const DEMO_FORUM_TOPICS: {
  category: string;
  author: string;
  title: string;
  slug: string;
  content: string;
  isPinned?: boolean;
  isLocked?: boolean;
  views: number;
  daysAgo: number;
  replies: {
    author: string;
    content: string;
    reactions?: { user: string; type: "like" | "heart" | "smile" }[];
    edited?: boolean;
    /** Members' reports; three hide the reply until an admin decides (the moderation queue's demo). */
    reports?: { user: string; reason: string }[];
  }[];
}[] = [
  {
    category: "introductions",
    author: "admin",
    title: "Welcome! Start here and say hello",
    slug: "welcome-start-here",
    content:
      "Welcome to the forum, everyone.\n\nThis is our space between events. Introduce yourself below: your name, where you are, what you make or do, and one thing you hope to find here.\n\nA few house rules: be kind, keep members' stories private, and ask before sharing anyone's work outside the community.",
    isPinned: true,
    views: 312,
    daysAgo: 60,
    replies: [
      {
        author: "member",
        content: "Hi all! Jordan here, illustrator in Oakland. Hoping to find people to make a zine with.",
        reactions: [
          { user: "admin", type: "heart" },
          { user: "amara", type: "like" },
        ],
      },
      {
        author: "amara",
        content: "Amara, muralist from Lagos. Jordan, I would love to collaborate on a zine about murals!",
        reactions: [{ user: "member", type: "smile" }],
      },
      {
        author: "lena",
        content: "Hello from Berlin! I hold sound baths and I am looking forward to meeting you all.",
        edited: true,
      },
    ],
  },
  {
    category: "creative-corner",
    author: "amara",
    title: "Looking for stories for a mural series",
    slug: "stories-for-a-mural-series",
    content:
      "I am painting a series about the womxn who shaped our neighbourhoods: the aunties, the shopkeepers, the teachers.\n\nIf someone shaped your street, tell me about her here. I would love a sentence or two and, if you have one, a photo I could work from.",
    views: 128,
    daysAgo: 12,
    replies: [
      {
        author: "partner",
        content:
          "My grandmother ran the corner bakery for forty years and knew every child by name. I will send you a photo!",
        reactions: [{ user: "amara", type: "heart" }],
      },
      {
        author: "mentor",
        content: "What a beautiful project. Our old librarian, Mrs. Adeyemi, got me through school.",
      },
    ],
  },
  {
    category: "wellness",
    author: "mentor",
    title: "Morning rituals that actually stick",
    slug: "morning-rituals-that-stick",
    content:
      "I have tried every morning routine on the internet and the only ones that stuck were tiny.\n\nMine: a glass of water, three slow breaths by the window, one line in a notebook. Under five minutes.\n\nWhat are yours?",
    views: 204,
    daysAgo: 20,
    replies: [
      {
        author: "lena",
        content: "Humming for one minute before I speak to anyone. It sounds silly and it works.",
        reactions: [
          { user: "mentor", type: "smile" },
          { user: "member", type: "like" },
        ],
      },
      { author: "member", content: "Coffee, then five minutes of drawing whatever is on the table." },
    ],
  },
  {
    category: "leadership-circle",
    author: "mentor",
    title: "Asking for help in public",
    slug: "asking-for-help-in-public",
    content:
      "In the incubator we kept coming back to one idea: asking for help, out loud, is a leadership skill.\n\nThis thread is for practising. Post one thing you need help with this month.",
    views: 76,
    daysAgo: 8,
    replies: [
      { author: "partner", content: "I need an introduction to a good accountant who works with creative businesses." },
    ],
  },
  {
    category: "events-meetups",
    author: "partner",
    title: "Anyone going to the Rooftop Social?",
    slug: "rooftop-social-buddies",
    content:
      "I am going to the Rooftop Sisterhood Social and bringing two friends. Who else is coming? Let us meet by the bar at seven.",
    views: 58,
    daysAgo: 3,
    replies: [
      {
        author: "amara",
        content: "DM me for cheap follower packages, 10k followers for $5!!! Limited offer.",
        reports: [
          { user: "member", reason: "Spam: selling followers." },
          { user: "mentor", reason: "Looks like spam, not about the event." },
          { user: "lena", reason: "Advertising." },
        ],
      },
    ],
  },
  {
    category: "events-meetups",
    author: "admin",
    title: "Photos from the Autumn Wellness Retreat",
    slug: "autumn-retreat-photos",
    content:
      "Thank you to everyone who came to the retreat. The photo album is linked in the library. This thread is closed; start a new one for retreat ideas.",
    isLocked: true,
    views: 143,
    daysAgo: 18,
    replies: [
      {
        author: "lena",
        content: "It was magical. Thank you to the whole team!",
        reactions: [{ user: "admin", type: "heart" }],
      },
    ],
  },
];
