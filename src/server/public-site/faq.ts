import "server-only";
import { writeToUs, type SiteSettings } from "@/features/settings/schemas";

/**
 * The 12 questions of /faq, answered as the product settles them: four
 * tiers, approval within 5 business days, the free trial from the trialDays setting.
 */
export function faqItems(
  settings: Pick<SiteSettings, "siteName" | "trialDays" | "contactEmail">,
): { question: string; answer: string }[] {
  const trial =
    settings.trialDays > 0
      ? {
          question: "Is there a free trial?",
          answer: `Yes. You can apply for a ${settings.trialDays}-day free trial from the Membership page; if your application is accepted you try the community before you pay anything.`,
        }
      : {
          question: "Is there a free trial?",
          answer:
            "No, there is no free trial. Every membership is covered by our 14-day refund guarantee instead, so you can join without risk.",
        };
  return [
    {
      question: `What is ${settings.siteName}?`,
      answer: `${settings.siteName} is a women-focused community and experiential design agency for womxn and female-identifying creatives in leadership and wellness. Members meet at events, in the forum and in the resource library.`,
    },
    {
      question: "How do I become a member?",
      answer:
        "Choose a tier on the Membership page and fill in the application. Our team reviews every application personally; if you are accepted we send you an invitation to complete your membership and create your account.",
    },
    {
      question: "How long does approval take?",
      answer: "We decide within 5 business days of receiving your application and let you know by email either way.",
    },
    {
      question: "Can men join?",
      answer:
        "No. The community is for womxn and female-identifying people only. Some of our public events are open to everyone, and they say so on the events page.",
    },
    {
      question: "What kinds of events do you hold?",
      answer:
        "Workshops, salons, retreats, social gatherings and creative activations, both in person and online. Public events are open to all; member events are for members only.",
    },
    trial,
    {
      question: "Can I cancel or change my membership?",
      answer:
        "You can upgrade at any time; a downgrade takes effect at the end of your current term. Within 14 days of paying you can ask for a full refund.",
    },
    {
      question: "How does mentorship work?",
      answer:
        "Members can request a mentor from the members listed as mentors on their profiles. Mentorship matching is included from the Create tier up. To become a mentor yourself, turn on Offer Mentorship when you edit your profile and list the topics you can help with; members then find you with the directory's Mentors filter.",
    },
    {
      question: "What is in the resource library?",
      answer:
        "Articles, videos, guides and recordings on creative practice, leadership, wellness and business, from members and guest teachers. Some items are open to everyone, others by membership tier.",
    },
    {
      question: "Can I contribute to the community?",
      answer:
        "Yes, please. Members host events, write for the blog, share resources in the library and answer questions in the forum. Tell us what you would like to offer through the contact form below.",
    },
    {
      question: "Is there a mobile app?",
      answer:
        "Not at the moment. The website works on phones, tablets and computers, so you can take part from any device.",
    },
    {
      question: "How do you handle my personal data?",
      answer: `We collect only what we need to run your membership, never sell it, and you can ask us to export or delete it at any time: ${writeToUs(settings)}. The Privacy Policy has the details.`,
    },
  ];
}
