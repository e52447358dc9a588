import { z, emailField } from "@/lib/validation";
import { ONBOARDING_STEPS } from "@/features/onboarding/constants";

const LINK_MESSAGE = "Please enter a full web address starting with https://, or leave it empty";
const link = z.union([z.literal(""), z.url({ protocol: /^https?$/, message: LINK_MESSAGE })], {
  message: LINK_MESSAGE,
});

/** Every site setting and its rule; the settings editor and PUT /api/admin/settings share them. */
export const siteSettingsSchema = z.object({
  siteName: z
    .string()
    .trim()
    .min(1, "Please enter the site name")
    .max(80, "The site name must be at most 80 characters"),
  tagline: z.string().trim().max(200, "The tagline must be at most 200 characters"),
  /** Empty until an administrator sets it: nothing is shown, and texts point to the contact form. */
  contactEmail: z.union([z.literal(""), emailField()]),
  contactPhone: z.string().trim().max(40, "The phone number must be at most 40 characters"),
  contactCity: z.string().trim().max(80, "The city must be at most 80 characters"),
  instagramUrl: link,
  facebookUrl: link,
  linkedinUrl: link,
  whatsappChannelUrl: link,
  /** The event host's public calendar page: View All Events and the RSVP fallback. */
  lumaCalendarUrl: link,
  /** webcal:// link to subscribe to the event host's calendar. */
  lumaSubscribeUrl: z
    .string()
    .trim()
    .max(500, "The address must be at most 500 characters")
    .refine(
      (value) => value === "" || /^(webcal|https?):\/\/\S+$/.test(value),
      "Please enter a webcal:// or https:// address, or leave it empty",
    ),
  /** Free trial length; 0 turns trials off. */
  trialDays: z
    .number("Please enter a number of days")
    .int("Please enter a whole number of days")
    .min(0, "Trial days cannot be negative")
    .max(365, "Trial days must be at most 365"),
  /** A new member's checklist on /home: the steps shown, in order (at least one). */
  onboardingSteps: z
    .array(z.enum(ONBOARDING_STEPS))
    .min(1, "Choose at least one step")
    .refine((steps) => new Set(steps).size === steps.length, "Each step can be listed once"),
  /** The published library item the start-here step opens; none chosen, the step is not shown. */
  startHereItemId: z.number("Choose a library item").int().positive("Choose a library item").nullable(),
});

export type SiteSettings = z.infer<typeof siteSettingsSchema>;

/**
 * The defaults until an administrator sets them. The specs never name the organisation: its name is a
 * placeholder. Its contact details and social profiles are empty, and shown nowhere, until she sets
 * them: a fresh install never shows a made-up address or a link to a social network's home page.
 */
export const SITE_SETTING_DEFAULTS: SiteSettings = {
  siteName: "Womxn Community",
  tagline: "Where womxn connect, create, play and empower",
  contactEmail: "",
  contactPhone: "",
  contactCity: "",
  instagramUrl: "",
  facebookUrl: "",
  linkedinUrl: "",
  whatsappChannelUrl: "https://www.whatsapp.com/channel/",
  lumaCalendarUrl: "https://lu.ma/",
  lumaSubscribeUrl: "",
  trialDays: 30,
  onboardingSteps: [...ONBOARDING_STEPS],
  startHereItemId: null,
};

/**
 * How to reach the organisation, to end a sentence ("If anything looks wrong, write to us at ..."): its
 * address once set, otherwise its contact form (at `baseUrl`, for emails).
 */
export function writeToUs(settings: Pick<SiteSettings, "contactEmail">, baseUrl?: string): string {
  if (settings.contactEmail) return `write to us at ${settings.contactEmail}`;
  return baseUrl
    ? `write to us through our contact form at ${baseUrl}/contact`
    : "write to us through our contact form";
}

/** What the settings editor sends: any subset of the settings. */
export const siteSettingsUpdateSchema = siteSettingsSchema.partial();
export type SiteSettingsUpdate = z.infer<typeof siteSettingsUpdateSchema>;
