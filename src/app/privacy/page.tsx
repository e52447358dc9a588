import type { Metadata } from "next";
import { LegalPage } from "@/components/public/legal-page";
import { privacySections } from "@/server/public-site/legal";
import { getSiteSettings } from "@/server/settings";

export const revalidate = 3600;

export const metadata: Metadata = {
  title: "Privacy Policy",
  description: "What personal data we collect, why, and your rights.",
  alternates: { canonical: "/privacy" },
};

export default async function PrivacyPage() {
  const settings = await getSiteSettings();
  return <LegalPage title="Privacy Policy" updated="Jan 1, 2026" sections={privacySections(settings)} />;
}
