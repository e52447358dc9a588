import { z } from "zod";

const LINK_MESSAGE = "Please enter a full web address starting with https://, or leave it empty";
const link = z.union([z.literal(""), z.url({ protocol: /^https?$/, message: LINK_MESSAGE })], { message: LINK_MESSAGE });

/** Every site setting and its rule; the settings editor and PUT /api/admin/settings share them. */
export const siteSettingsSchema = z.object({
  siteName: z.string().trim().min(1, "Please enter the site name").max(80, "The site name must be at most 80 characters"),
  tagline: z.string().trim().max(200, "The tagline must be at most 200 characters"),
  contactEmail: z.email("Please enter a valid email address"),
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
    .refine((value) => value === "" || /^(webcal|https?):\/\/\S+$/.test(value), "Please enter a webcal:// or https:// address, or leave it empty"),
  /** Free trial length; 0 turns trials off (decisions.md, Membership tiers). */
  trialDays: z.number("Please enter a number of days").int("Please enter a whole number of days").min(0, "Trial days cannot be negative").max(365, "Trial days must be at most 365"),
});

export type SiteSettings = z.infer<typeof siteSettingsSchema>;

/**
 * The defaults until an administrator sets them. The specs never name the organisation: its name
 * and contact details are placeholders.
 */
export const SITE_SETTING_DEFAULTS: SiteSettings = {
  siteName: "Womxn Community",
  tagline: "Where womxn connect, create, play and empower",
  contactEmail: "hello@example.com",
  contactPhone: "+1 (555) 010-0199",
  contactCity: "Your City",
  instagramUrl: "https://www.instagram.com/",
  facebookUrl: "https://www.facebook.com/",
  linkedinUrl: "https://www.linkedin.com/",
  whatsappChannelUrl: "https://www.whatsapp.com/channel/",
  lumaCalendarUrl: "https://lu.ma/",
  lumaSubscribeUrl: "",
  trialDays: 30,
};

/** What the settings editor sends: any subset of the settings. */
export const siteSettingsUpdateSchema = siteSettingsSchema.partial();
export type SiteSettingsUpdate = z.infer<typeof siteSettingsUpdateSchema>;
