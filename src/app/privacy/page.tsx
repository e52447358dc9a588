import type { Metadata } from "next";
import { LegalPage } from "@/components/public/legal-page";
import { getSiteSettings } from "@/server/settings";

export const revalidate = 3600;

export const metadata: Metadata = { title: "Privacy Policy", description: "What personal data we collect, why, and your rights.", alternates: { canonical: "/privacy" } };

export default async function PrivacyPage() {
  const { siteName, contactEmail } = await getSiteSettings();
  return (
    <LegalPage
      title="Privacy Policy"
      updated="Jan 1, 2026"
      sections={[
        { heading: "What we collect", paragraphs: ["When you apply: your name, email, phone, chosen tier and what you tell us about yourself. As a member: your profile, forum posts, bookmarks and, only if you enter them, your birth details for spiritual reports (stored encrypted).", "When you subscribe to the newsletter: your email address, and when you confirmed it. When you write to us: your name, email and message."] },
        { heading: "Why we use it", paragraphs: [`To review applications, run your membership, send the emails you asked for and answer your messages. ${siteName} never sells personal data.`] },
        { heading: "Newsletter", paragraphs: ["We send the newsletter only after you confirm your address from the email we send you. Every newsletter has an unsubscribe link that works with one click."] },
        { heading: "Cookies", paragraphs: ["We use a cookie to keep you signed in and remember in your browser that you accepted this notice. We use no advertising or tracking cookies."] },
        { heading: "Payments", paragraphs: ["Card details go directly to our payment provider and never reach our servers."] },
        { heading: "Your rights", paragraphs: [`You can ask for a copy of your data, its correction or its deletion at any time: write to ${contactEmail}.`] },
      ]}
    />
  );
}
