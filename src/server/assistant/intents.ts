import "server-only";
import { formatCents } from "@/lib/format";
import { listNextEvents } from "@/server/events/queries";
import { listTiers } from "@/server/public-site";
import type { AnswerPassage } from "./compose";

/**
 * Questions the site answers from its own data rather than from text (issue 25): what membership
 * costs (the tier catalogue) and what is coming up (the events). Each answer is a passage written from
 * the data, put first for the answer without a model and for the model alike.
 */

const ASKS_PRICE = /\b(how much|cost|costs|price|prices|pricing|fee|fees|expensive|afford)\b/i;
const ABOUT_MEMBERSHIP =
  /\b(member|members|membership|memberships|tier|tiers|join|joining|plan|plans|subscription|it)\b/i;
const ASKS_UPCOMING =
  /\b(coming up|upcoming|next events?|what(?:'s| is| are) on|events? (?:this|next) (?:week|month)|what events)\b/i;

/** A structured answer for the question, or null when it is not one of these. */
export async function answerFromData(question: string): Promise<AnswerPassage | null> {
  if (ASKS_PRICE.test(question)) {
    const tiers = await listTiers();
    const named = tiers.filter(
      (t) => new RegExp(`\\b${t.title}\\b`, "i").test(question) || new RegExp(`\\b${t.id}\\b`, "i").test(question),
    );
    if (named.length === 1) {
      const t = named[0]!;
      const body = `The ${t.title} tier costs ${formatCents(t.monthlyPriceCents)} per month for a ${t.durationMonths}-month membership (${formatCents(t.monthlyPriceCents * t.durationMonths)} in total). ${t.description}`;
      return passage(`${t.title} membership tier price`, "/membership", body);
    }
    if (tiers.length && (ABOUT_MEMBERSHIP.test(question) || named.length > 1)) {
      const cheapest = Math.min(...tiers.map((t) => t.monthlyPriceCents));
      const dearest = Math.max(...tiers.map((t) => t.monthlyPriceCents));
      const lines = tiers.map(
        (t) =>
          `${t.title} ${formatCents(t.monthlyPriceCents)} a month for ${t.durationMonths} months${t.popular ? " (most popular)" : ""}`,
      );
      const body = `Membership costs from ${formatCents(cheapest)} to ${formatCents(dearest)} a month, by tier: ${lines.join("; ")}. The price is per month for the length of the membership term.`;
      return passage("Membership tiers and prices", "/membership", body);
    }
  }
  if (ASKS_UPCOMING.test(question)) {
    const coming = await listNextEvents(NAMED_EVENTS_CHECKED);
    // "What's on at the Maker Market?" asks about one event: its own passage answers that.
    if (coming.some((e) => namesEvent(question, e.title))) return null;
    coming.splice(UPCOMING_SHOWN);
    if (coming.length === 0)
      return passage(
        "Events",
        "/events",
        "No events are scheduled at the moment. New ones appear on the events page as soon as they are planned.",
      );
    const lines = coming.map((e) => `${e.title} on ${e.date} at ${e.time} (${e.location})`);
    return passage(
      "Upcoming events",
      "/events",
      `Coming up: ${lines.join("; ")}. Every event, with its details and RSVP, is on the events page.`,
    );
  }
  return null;
}

const UPCOMING_SHOWN = 3;
/** How many coming events a question is checked against for naming one. */
const NAMED_EVENTS_CHECKED = 50;

/** Whether the question names the event: its title, or its title before a colon ("Creative Lab"). */
function namesEvent(question: string, title: string): boolean {
  const asked = question.toLowerCase();
  return [title, title.split(":")[0]!].some(
    (name) => name.trim().length >= 4 && asked.includes(name.trim().toLowerCase()),
  );
}

const passage = (title: string, url: string, body: string): AnswerPassage => ({
  title,
  url,
  body,
  rank: Number.POSITIVE_INFINITY,
});
