import { z } from "zod";

const link = z.union([z.url(), z.literal("")]);

/**
 * Site settings with their defaults. The specs never name the organisation: its name and contact
 * details are placeholders here until an administrator sets them.
 */
export const siteSettingsSchema = z.object({
  siteName: z.string().trim().min(1).max(80).default("Womxn Community"),
  tagline: z.string().trim().max(200).default("Where womxn connect, create, play and empower"),
  contactEmail: z.email().default("hello@example.com"),
  contactPhone: z.string().trim().max(40).default("+1 (555) 010-0199"),
  contactCity: z.string().trim().max(80).default("Your City"),
  instagramUrl: link.default("https://www.instagram.com/"),
  facebookUrl: link.default("https://www.facebook.com/"),
  linkedinUrl: link.default("https://www.linkedin.com/"),
  whatsappChannelUrl: link.default("https://www.whatsapp.com/channel/"),
  /** The event host's public calendar page: View All Events and the RSVP fallback. */
  lumaCalendarUrl: link.default("https://lu.ma/"),
  /** webcal:// link to subscribe to the event host's calendar. */
  lumaSubscribeUrl: z.string().trim().max(500).default(""),
  /** Free trial length; 0 turns trials off (decisions.md, Membership tiers). */
  trialDays: z.number().int().min(0).max(365).default(30),
});

export type SiteSettings = z.infer<typeof siteSettingsSchema>;
export const siteSettingsUpdateSchema = siteSettingsSchema.partial();
