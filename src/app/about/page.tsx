import type { Metadata } from "next";
import { JoinCta } from "@/components/public/join-cta";
import { PageHero, PageSection, SectionCards } from "@/components/public/page-hero";
import { getPageSections } from "@/server/cms";

export const revalidate = 3600;

export const metadata: Metadata = {
  title: "About",
  description: "Who we are, our mission and vision, and what we do for womxn and female-identifying creatives.",
  alternates: { canonical: "/about" },
};

// The navbar's anchors (who we are, principles, leadership, empowered team) land on these sections.
export default async function AboutPage() {
  const [hero, whoWeAre, missionVision, ...offerings] = await getPageSections("about");
  return (
    <>
      <PageHero title={hero?.title ?? "About"} lead={hero?.content} />
      {whoWeAre ? <PageSection id="who-we-are" title={whoWeAre.title} intro={whoWeAre.content} /> : null}
      {missionVision ? (
        <PageSection id="principles" title={missionVision.title} intro={missionVision.content} muted />
      ) : null}
      {offerings.length ? (
        <PageSection id="leadership" title="What We Do">
          <SectionCards sections={offerings} />
        </PageSection>
      ) : null}
      <div id="empowered-team">
        <JoinCta />
      </div>
    </>
  );
}
