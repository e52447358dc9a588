import type { Metadata } from "next";
import { LegalPage } from "@/components/public/legal-page";
import { getSiteSettings } from "@/server/settings";

export const revalidate = 3600;

export const metadata: Metadata = { title: "Terms of Service", description: "The terms of membership and of using this website.", alternates: { canonical: "/terms" } };

export default async function TermsPage() {
  const { siteName, contactEmail } = await getSiteSettings();
  return (
    <LegalPage
      title="Terms of Service"
      updated="Jan 1, 2026"
      sections={[
        { heading: "Who we are", paragraphs: [`These terms apply to the website and membership of ${siteName} ("we", "us"). By using the site or applying for membership you accept them.`] },
        { heading: "Membership", paragraphs: ["Membership is open to womxn and female-identifying people aged 18 or over. Every application is reviewed; we decide within 5 business days and may decline an application.", "A membership runs for the term of its tier (3, 6, 9 or 12 months) at the monthly price shown when you apply. You can upgrade at any time; a downgrade takes effect at the end of the current term."] },
        { heading: "Payments and refunds", paragraphs: ["Card payments are processed by our payment provider; we never see or store your card number.", "If you change your mind, ask for a refund within 14 days of paying and we will refund you in full."] },
        { heading: "Community guidelines", paragraphs: ["Treat every member with respect. Harassment, hate speech, unsolicited promotion and sharing another member's private information are not allowed, online or at events. We may suspend or end the membership of anyone who breaks these rules."] },
        { heading: "Content", paragraphs: ["You keep the rights to what you post in the forum or share in the library, and give us permission to show it to members. Do not post anything you do not have the right to share."] },
        { heading: "Liability", paragraphs: ["Events and resources are offered in good faith; take part in physical activities at your own judgement. Nothing in these terms limits rights you have by law."] },
        { heading: "Contact", paragraphs: [`Questions about these terms: ${contactEmail}.`] },
      ]}
    />
  );
}
