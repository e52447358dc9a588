import type { Metadata } from "next";
import { LegalPage } from "@/components/public/legal-page";
import { termsSections } from "@/server/public-site/legal";
import { getSiteSettings } from "@/server/settings";

export const revalidate = 3600;

export const metadata: Metadata = {
  title: "Terms of Service",
  description: "The terms of membership and of using this website.",
  alternates: { canonical: "/terms" },
};

export default async function TermsPage() {
  const settings = await getSiteSettings();
  return <LegalPage title="Terms of Service" updated="Jan 1, 2026" sections={termsSections(settings)} />;
}
