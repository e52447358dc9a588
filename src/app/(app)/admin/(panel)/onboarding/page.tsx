import type { Metadata } from "next";
import { OnboardingStepsForm } from "@/components/admin/onboarding/onboarding-steps-form";
import { ADMIN } from "@/lib/auth/access";
import { requirePageAccess } from "@/server/auth/current-user";
import { getSiteSettings } from "@/server/settings";

export const metadata: Metadata = { title: "Onboarding", robots: { index: false } };

export default async function OnboardingPage() {
  await requirePageAccess(ADMIN);
  const { onboardingSteps } = await getSiteSettings();
  return (
    <div>
      <h1 className="text-3xl font-semibold">Onboarding</h1>
      <p className="mt-2 mb-8 max-w-3xl text-muted-foreground">
        The first steps a member sees on her home until she has done them or hides them. Each is ticked when she does
        it.
      </p>
      <OnboardingStepsForm initial={onboardingSteps} />
    </div>
  );
}
