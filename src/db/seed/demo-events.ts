import { TZDate } from "@date-fns/tz";
import { addDays } from "date-fns";

interface DemoEvent {
  source: "luma" | "internal";
  externalId?: string;
  title: string;
  description: string;
  imageUrl: string;
  /** Days from today, and the local wall-clock start. */
  inDays: number;
  at: [hour: number, minute: number];
  hours: number;
  timezone: string;
  locationName: string | null;
  address: string | null;
  latitude?: number;
  longitude?: number;
  onlineUrl?: string;
  url?: string;
  featured?: boolean;
  accessType: "public" | "members";
  type: "public" | "members" | "workshop" | "social";
  capacity?: number;
}

const EVENTS: DemoEvent[] = [
  {
    source: "luma",
    externalId: "evt-demo-new-moon-circle",
    title: "New Moon Intention Circle",
    description:
      "An evening circle to set intentions for the month ahead, with journaling prompts, tea and a short guided meditation.",
    imageUrl: "/images/moon.svg",
    inDays: 4,
    at: [19, 0],
    hours: 2,
    timezone: "America/New_York",
    locationName: "The Loft",
    address: "120 Wythe Ave, Brooklyn, NY 11249",
    latitude: 40.7216,
    longitude: -73.9577,
    url: "https://lu.ma/new-moon-circle",
    featured: true,
    accessType: "public",
    type: "public",
  },
  {
    source: "luma",
    externalId: "evt-demo-creative-lab",
    title: "Creative Lab: Collage for Visioning",
    description:
      "Bring magazines, photos and scraps: we will build collages of the year we want, then share them in small groups.",
    imageUrl: "/images/studio.svg",
    inDays: 9,
    at: [14, 0],
    hours: 3,
    timezone: "America/New_York",
    locationName: "Member Studio",
    address: "55 Bergen St, Brooklyn, NY 11201",
    url: "https://lu.ma/creative-lab-collage",
    accessType: "members",
    type: "workshop",
  },
  {
    source: "luma",
    externalId: "evt-demo-rooftop-social",
    title: "Rooftop Sisterhood Social",
    description: "Golden hour, good music and better company. Bring a friend who should know us.",
    imageUrl: "/images/sunrise.svg",
    inDays: 16,
    at: [18, 30],
    hours: 3,
    timezone: "America/New_York",
    locationName: "Skyline Terrace",
    address: "600 Broadway, New York, NY 10012",
    url: "https://lu.ma/rooftop-social",
    accessType: "public",
    type: "social",
  },
  {
    source: "luma",
    externalId: "evt-demo-leadership-salon",
    title: "Leadership Salon: Leading With Intuition",
    description: "A members' salon with founders from our leadership incubator, followed by open conversation.",
    imageUrl: "/images/salon.svg",
    inDays: 23,
    at: [18, 0],
    hours: 2,
    timezone: "Europe/London",
    locationName: "Online",
    address: null,
    onlineUrl: "https://meet.example.com/leadership-salon",
    url: "https://lu.ma/leadership-salon",
    accessType: "members",
    type: "members",
  },
  {
    source: "luma",
    externalId: "evt-demo-past-retreat",
    title: "Autumn Wellness Retreat",
    description: "A weekend of breathwork, movement and rest in the countryside.",
    imageUrl: "/images/retreat.svg",
    inDays: -20,
    at: [10, 0],
    hours: 30,
    timezone: "America/New_York",
    locationName: "Hudson Valley Farmhouse",
    address: "Hudson, NY 12534",
    url: "https://lu.ma/autumn-retreat",
    accessType: "members",
    type: "workshop",
  },
  {
    source: "internal",
    title: "Community Garden Morning",
    description: "Plant, weed and harvest with members at the community garden, then share breakfast from the beds.",
    imageUrl: "/images/garden.svg",
    inDays: 6,
    at: [9, 0],
    hours: 3,
    timezone: "America/Los_Angeles",
    locationName: "Fruitvale Community Garden",
    address: "3400 E 12th St, Oakland, CA 94601",
    latitude: 37.7747,
    longitude: -122.2247,
    accessType: "public",
    type: "social",
    capacity: 30,
    featured: true,
  },
  {
    source: "internal",
    title: "Sound Bath and Journaling",
    description: "A restorative sound bath led by Lena, with journaling prompts to carry the calm home.",
    imageUrl: "/images/river.svg",
    inDays: 12,
    at: [19, 30],
    hours: 1.5,
    timezone: "Europe/Berlin",
    locationName: "Studio Klang",
    address: "Oranienstraße 25, 10999 Berlin",
    accessType: "members",
    type: "workshop",
    capacity: 16,
  },
  {
    source: "internal",
    title: "Maker Market",
    description:
      "Members sell their art, ceramics, zines and skincare. Visitors welcome; every sale goes to the maker.",
    imageUrl: "/images/market.svg",
    inDays: 20,
    at: [11, 0],
    hours: 6,
    timezone: "America/New_York",
    locationName: "Greenpoint Warehouse",
    address: "67 West St, Brooklyn, NY 11222",
    accessType: "public",
    type: "public",
    capacity: 200,
  },
  {
    source: "internal",
    title: "Breathwork for Beginners",
    description: "An online introduction to breathwork with Priya. Cameras optional.",
    imageUrl: "/images/workshop.svg",
    inDays: -7,
    at: [8, 0],
    hours: 1,
    timezone: "Europe/London",
    locationName: "Online",
    address: null,
    onlineUrl: "https://meet.example.com/breathwork",
    accessType: "public",
    type: "workshop",
  },
];

/** Demo events of both sources, placed around `today` so that some are upcoming and some past. */
export function demoEvents(today: Date) {
  return EVENTS.map(({ inDays, at, hours, ...event }) => {
    const day = addDays(today, inDays);
    const startsAt = new TZDate(day.getFullYear(), day.getMonth(), day.getDate(), at[0], at[1], event.timezone);
    return {
      ...event,
      startsAt: new Date(startsAt.getTime()),
      endsAt: new Date(startsAt.getTime() + hours * 3600_000),
      lastSyncedAt: event.source === "luma" ? today : null,
    };
  });
}
