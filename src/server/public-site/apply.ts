import "server-only";
import { REFUND_GUARANTEE_DAYS } from "@/features/money/constants";
import type { SiteSettings } from "@/features/settings/schemas";

/** The apply page's "How it works" (submit, review, a decision within 5 business days, an invitation). */
export function applySteps(trial: boolean): string[] {
  return [
    `Submit your application${trial ? "" : ", then authorize your first month's payment with the link we email you (you are charged only if accepted)"}.`,
    "Our team reviews every application personally.",
    "We let you know our decision within 5 business days.",
    "If you are accepted, we email you an invitation to complete your membership.",
  ];
}

/** The apply page's FAQ (requirements, tier change, payments, the refund guarantee, events), also indexed for the assistant. */
export function applyFaq(settings: Pick<SiteSettings, "trialDays">): { question: string; answer: string }[] {
  return [
    {
      question: "What are the requirements to join?",
      answer:
        "Membership is open to womxn and female-identifying people who want to take part in a supportive creative community. Tell us a little about yourself and why you would like to join.",
    },
    {
      question: "Can I change my membership tier later?",
      answer: "Yes. You can upgrade at any time; a downgrade takes effect at the end of your current period.",
    },
    {
      question: "Which payment methods do you accept?",
      answer:
        "All major credit and debit cards, plus a digital wallet, buy-now-pay-later and accelerated checkout options where available.",
    },
    {
      question: "Is there a refund guarantee?",
      answer: `Yes: if the community is not for you, ask for a full refund within ${REFUND_GUARANTEE_DAYS} days of your payment.`,
    },
    {
      question: "How often are events held?",
      answer:
        "There are member events every month, from workshops and creative labs to social gatherings and retreats.",
    },
    ...(settings.trialDays > 0
      ? []
      : [
          {
            question: "Is there a free trial?",
            answer:
              "No, there is no free trial at the moment. The refund guarantee lets you try the community without risk.",
          },
        ]),
  ];
}
