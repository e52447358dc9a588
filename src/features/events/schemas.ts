import { z, emailField } from "@/lib/validation";
import {
  DEFAULT_EVENT_LIMIT,
  EVENT_ACCESS_TYPES,
  EVENT_TYPES,
  MAX_EVENT_LIMIT,
  PRIVATE_EVENT_TYPES,
} from "./constants";

// Shared by the route handlers and the forms; no server-only imports here.

export {
  DEFAULT_EVENT_LIMIT,
  EVENT_FILTERS,
  MAX_EVENT_LIMIT,
  type EventAccessType,
  type EventFilter,
  type EventType,
} from "./constants";

export const eventListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(MAX_EVENT_LIMIT).default(DEFAULT_EVENT_LIMIT),
  type: z.enum(["all", ...EVENT_TYPES]).default("all"),
  /** A calendar month (YYYY-MM): that month's events, past or not, instead of the upcoming ones. */
  month: z
    .string()
    .regex(/^(?!0000)\d{4}-(0[1-9]|1[0-2])$/, "Use a month as YYYY-MM")
    .optional(),
});
export type EventListQuery = z.infer<typeof eventListQuerySchema>;

/** An event as the API and the client components see it (declared with the other answers in src/features/events/types.ts). */
export type { PublicEvent } from "@/features/events/types";

const isTimeZone = (value: string) => {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: value });
    return true;
  } catch {
    return false;
  }
};

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .transform((v) => (v === "" ? null : v))
    .nullable()
    .optional();
const optionalLink = z
  .string()
  .trim()
  .max(1000)
  .refine(
    (v) => v === "" || v.startsWith("/") || /^https?:\/\//i.test(v),
    "Please enter a link starting with https:// or /",
  )
  .transform((v) => (v === "" ? null : v))
  .nullable()
  .optional();

/** `YYYY-MM-DDTHH:mm` as typed in a datetime-local input: a wall-clock time in `timezone`. */
const wallClock = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, "Please enter a date and time");

/** Admin form for a community event. Start and end are wall-clock times in the event's time zone. */
export const eventInputSchema = z
  .object({
    title: z.string().trim().min(3, "Title must be at least 3 characters").max(200),
    description: z.string().trim().max(10_000).default(""),
    imageUrl: optionalLink,
    startsAtLocal: wallClock,
    endsAtLocal: z.union([wallClock, z.literal("")]).optional(),
    timezone: z.string().trim().refine(isTimeZone, "Please choose a valid time zone"),
    locationName: optionalText(200),
    address: optionalText(300),
    onlineUrl: optionalLink,
    url: optionalLink,
    accessType: z.enum(EVENT_ACCESS_TYPES),
    type: z.enum(EVENT_TYPES),
    capacity: z
      .union([
        z.coerce.number().int().min(1, "Capacity must be at least 1").max(100_000),
        z.literal("").transform(() => null),
        z.null(),
      ])
      .optional(),
    featured: z.boolean().default(false),
  })
  .refine((v) => !v.endsAtLocal || v.endsAtLocal > v.startsAtLocal, {
    path: ["endsAtLocal"],
    message: "The end must be after the start",
  });
export type EventInput = z.input<typeof eventInputSchema>;
export type EventInputParsed = z.output<typeof eventInputSchema>;

/** "Request Event Info" on /events (unwired forms store what was sent and email the right people). */
export const eventInquirySchema = z.object({
  name: z.string().trim().min(2, "Please enter your name").max(120),
  email: emailField(),
  phone: optionalText(40),
  organization: optionalText(200),
  eventType: z.enum(PRIVATE_EVENT_TYPES, "Please choose the kind of event"),
  preferredDate: optionalText(100),
  guestCount: z
    .union([
      z.coerce.number().int().min(1, "Please enter at least 1 guest").max(10_000),
      z.literal("").transform(() => null),
      z.null(),
    ])
    .optional(),
  message: z.string().trim().min(10, "Please tell us a little more (at least 10 characters)").max(5000),
});
export type EventInquiryInput = z.input<typeof eventInquirySchema>;
