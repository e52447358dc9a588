import type { Metadata } from "next";
import Link from "next/link";
import { JoinCta } from "@/components/public/join-cta";
import { PageHero, PageSection, SectionCards } from "@/components/public/page-hero";
import { TierCards } from "@/components/public/tier-cards";
import { getPageSections } from "@/server/cms";
import { listTiers } from "@/server/public-site";
import { getSiteSettings } from "@/server/settings";

export const revalidate = 3600;

export const metadata: Metadata = {
  title: "Membership",
  description: "Membership benefits and the four tiers: Connect, Create, Empower and Play.",
  alternates: { canonical: "/membership" },
};

export default async function MembershipPage() {
  const [[hero, benefitsIntro, ...benefits], tiers, settings] = await Promise.all([
    getPageSections("membership"),
    listTiers(),
    getSiteSettings(),
  ]);
  return (
    <>
      <PageHero title={hero?.title ?? "Membership"} lead={hero?.content} />
      <PageSection id="benefits" title={benefitsIntro?.title ?? "Membership Benefits"} intro={benefitsIntro?.content}>
        {benefits.length ? <SectionCards sections={benefits} /> : null}
      </PageSection>
      <PageSection
        id="tiers"
        title="Membership Tiers"
        intro="Prices are per month for the length of the membership term."
        muted
      >
        <TierCards tiers={tiers} />
      </PageSection>
      <PageSection id="trial" title={settings.trialDays > 0 ? "Not sure yet?" : "Questions before you apply?"}>
        <p className="max-w-3xl text-lg text-muted-foreground">
          {settings.trialDays > 0
            ? `Start with a ${settings.trialDays}-day free trial: apply as usual and we will invite you to try the community before you pay.`
            : "Read the answers to the questions we hear most, or write to us: we answer every message."}
        </p>
        <p className="mt-4 flex flex-wrap gap-4">
          {settings.trialDays > 0 ? (
            <Link href="/apply?trial=true" className="font-medium text-primary underline underline-offset-4">
              Start Your Free Trial
            </Link>
          ) : null}
          <Link href="/faq" className="font-medium text-primary underline underline-offset-4">
            Read the FAQ
          </Link>
        </p>
      </PageSection>
      <JoinCta />
    </>
  );
}
