import type { Metadata } from "next";
import { cookies } from "next/headers";
import { AuthPanel } from "@/components/auth/auth-panel";
import { Accordion, AccordionItem } from "@/components/ui/accordion";
import { ApplyForm } from "@/components/apply/apply-form";
import { ApplyGate } from "@/components/apply/apply-gate";
import { PARTNER_REF_COOKIE } from "@/features/affiliate/constants";
import { TIER_IDS } from "@/features/membership/constants";
import { listTiers } from "@/server/money/pricing";
import { applyFaq, applySteps } from "@/server/public-site/apply";
import { getSiteSettings } from "@/server/settings";

export const metadata: Metadata = {
  title: "Apply for Membership",
  description: "Apply to join our community of womxn and female-identifying creatives.",
};

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);
const CODE = /^[A-Za-z0-9_-]{1,40}$/;

export default async function ApplyPage({ searchParams }: PageProps<"/apply">) {
  const params = await searchParams;
  const [tiers, settings, jar] = await Promise.all([listTiers(), getSiteSettings(), cookies()]);
  const tierParam = first(params.tier);
  const preselected = tierParam && (TIER_IDS as readonly string[]).includes(tierParam) ? tierParam : null;
  const trial = first(params.trial) === "true" && settings.trialDays > 0;
  // No tier picker in trial mode. A trial is of the tier in the address, or else the first
  // tier; she can change it on her Billing tab when she adds a card.
  const tier = preselected ?? (trial ? (tiers[0]?.id ?? null) : null);
  const ref = first(params.ref);
  const partnerRef = ref && CODE.test(ref) ? ref.toUpperCase() : null;
  const remembered = jar.get(PARTNER_REF_COOKIE)?.value;
  const partnerCode = partnerRef ?? (remembered && CODE.test(remembered) ? remembered.toUpperCase() : "");

  const faqs = applyFaq(settings);

  return (
    <ApplyGate partnerRef={partnerRef}>
      <AuthPanel title={trial ? "Start Your Free Trial" : "Apply for Membership"}>
        <div className="grid gap-6">
          {trial ? (
            <p>
              Try the community free for {settings.trialDays} days. We review trial applications like any other, and
              there is nothing to pay today.
            </p>
          ) : null}
          <section aria-labelledby="process-title" className="rounded-lg bg-muted p-4 text-sm">
            <h2 id="process-title" className="font-semibold">
              How it works
            </h2>
            <ol className="mt-2 list-decimal space-y-1 pl-5">
              {applySteps(trial).map((step) => (
                <li key={step}>{step}</li>
              ))}
            </ol>
          </section>
          <ApplyForm
            tiers={tiers}
            preselectedTier={tier}
            trial={trial}
            trialDays={settings.trialDays}
            partnerCode={partnerCode}
          />
        </div>
      </AuthPanel>
      <section aria-labelledby="apply-faq-title" className="mx-auto max-w-3xl px-4 pb-16 sm:px-6">
        <h2 id="apply-faq-title" className="text-2xl font-semibold">
          Frequently asked questions
        </h2>
        <Accordion className="mt-4">
          {faqs.map((faq) => (
            <AccordionItem key={faq.question} name="apply-faq" title={faq.question}>
              {faq.answer}
            </AccordionItem>
          ))}
        </Accordion>
      </section>
    </ApplyGate>
  );
}
