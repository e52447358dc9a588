import "server-only";
import { writeToUs, type SiteSettings } from "@/features/settings/schemas";

export interface LegalSection {
  heading: string;
  paragraphs: string[];
}

/** The Privacy Policy's sections (/privacy), also indexed for the assistant. */
export function privacySections(settings: Pick<SiteSettings, "siteName" | "contactEmail">): LegalSection[] {
  return [
    {
      heading: "What we collect",
      paragraphs: [
        "When you apply: your name, email, phone, chosen tier and what you tell us about yourself. As a member: your profile, forum posts, bookmarks and, only if you enter them, your birth details for spiritual reports (stored encrypted).",
        "When you subscribe to the newsletter: your email address, and when you confirmed it. When you write to us: your name, email and message.",
      ],
    },
    {
      heading: "Why we use it",
      paragraphs: [
        `To review applications, run your membership, send the emails you asked for and answer your messages. ${settings.siteName} never sells personal data.`,
      ],
    },
    {
      heading: "Newsletter",
      paragraphs: [
        "We send the newsletter only after you confirm your address from the email we send you. Every newsletter has an unsubscribe link that works with one click.",
      ],
    },
    {
      heading: "Cookies",
      paragraphs: [
        "We use a cookie to keep you signed in and remember in your browser that you accepted this notice. When you open a member's referral link, a cookie of ours (a random number, kept a year) lets us count your visit once a day for her; we store only a daily fingerprint of it, never your address. We use no advertising or tracking cookies.",
      ],
    },
    {
      heading: "Payments",
      paragraphs: ["Card details go directly to our payment provider and never reach our servers."],
    },
    {
      heading: "Your rights",
      paragraphs: [
        `You can ask for a copy of your data, its correction or its deletion at any time: ${writeToUs(settings)}.`,
      ],
    },
  ];
}

/** The Terms of Service's sections (/terms), also indexed for the assistant. */
export function termsSections(settings: Pick<SiteSettings, "siteName" | "contactEmail">): LegalSection[] {
  return [
    {
      heading: "Who we are",
      paragraphs: [
        `These terms apply to the website and membership of ${settings.siteName} ("we", "us"). By using the site or applying for membership you accept them.`,
      ],
    },
    {
      heading: "Membership",
      paragraphs: [
        "Membership is open to womxn and female-identifying people aged 18 or over. Every application is reviewed; we decide within 5 business days and may decline an application.",
        "A membership runs for the term of its tier (3, 6, 9 or 12 months) at the monthly price shown when you apply. You can upgrade at any time; a downgrade takes effect at the end of the current term.",
      ],
    },
    {
      heading: "Payments and refunds",
      paragraphs: [
        "Card payments are processed by our payment provider; we never see or store your card number.",
        "If you change your mind, ask for a refund within 14 days of paying and we will refund you in full.",
      ],
    },
    {
      heading: "Community guidelines",
      paragraphs: [
        "Treat every member with respect. Harassment, hate speech, unsolicited promotion and sharing another member's private information are not allowed, online or at events. We may suspend or end the membership of anyone who breaks these rules.",
      ],
    },
    {
      heading: "Content",
      paragraphs: [
        "You keep the rights to what you post in the forum or share in the library, and give us permission to show it to members. Do not post anything you do not have the right to share.",
      ],
    },
    {
      heading: "Liability",
      paragraphs: [
        "Events and resources are offered in good faith; take part in physical activities at your own judgement. Nothing in these terms limits rights you have by law.",
      ],
    },
    { heading: "Contact", paragraphs: [`Questions about these terms: ${writeToUs(settings)}.`] },
  ];
}
