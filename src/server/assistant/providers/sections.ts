import "server-only";
import { PRIVATE_EVENT_KINDS } from "@/features/events/constants";
import { applyFaq, applySteps } from "@/server/public-site";
import { privacySections, termsSections } from "@/server/public-site";
import { readSiteSettings } from "@/server/settings";
import type { PassageInput, PassageProvider } from "./types";

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/**
 * The public pages' fixed sections that no other provider holds (every public page's
 * sections are passages): the apply page's steps and FAQ (payment methods, the refund guarantee),
 * private events, the trial, the contact page, the privacy policy and the terms. Their texts come from
 * the same functions the pages render, so the answers and the pages never disagree.
 */
export const sectionProvider: PassageProvider = {
  async load(executor) {
    const settings = await readSiteSettings(executor);
    const passage = (sourceId: string, title: string, url: string, body: string): PassageInput => ({
      sourceId,
      title,
      url,
      body,
      requiredLevel: null,
    });
    const legal = (
      page: string,
      title: string,
      url: string,
      sections: Array<{ heading: string; paragraphs: string[] }>,
    ) => sections.map((s, i) => passage(`${page}-${i + 1}`, `${title}: ${s.heading}`, url, s.paragraphs.join("\n\n")));
    return [
      passage("apply-steps", "Apply: How it works", "/apply", applySteps(false).join(" ")),
      ...applyFaq(settings).map((faq, i) =>
        passage(`apply-faq-${i + 1}`, `Apply: ${faq.question}`, "/apply", faq.answer),
      ),
      passage(
        "private-events",
        "Events: Want to Book a Private Event?",
        "/events",
        `We design private events for teams, companies and celebrations: ${PRIVATE_EVENT_KINDS.map(lowerFirst).join(", ")}. Ask for details with Request Event Info on the events page.`,
      ),
      ...(settings.trialDays > 0
        ? [
            passage(
              "trial",
              "Membership: Not sure yet?",
              "/membership",
              `Start with a ${settings.trialDays}-day free trial: apply as usual and we will invite you to try the community before you pay.`,
            ),
          ]
        : []),
      passage(
        "contact",
        "Contact Us",
        "/contact",
        [
          "Questions about membership, events, partnerships or a private event? Send a message with the contact form: we answer every message.",
          settings.contactEmail ? `You can also email ${settings.contactEmail}.` : "",
          settings.contactPhone ? `Phone: ${settings.contactPhone}.` : "",
        ]
          .filter(Boolean)
          .join(" "),
      ),
      ...legal("privacy", "Privacy Policy", "/privacy", privacySections(settings)),
      ...legal("terms", "Terms of Service", "/terms", termsSections(settings)),
    ];
  },
};
