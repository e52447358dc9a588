import "server-only";
import { hasMembership, type LevelSubject } from "@/lib/auth/access";
import { formatCents } from "@/lib/format";
import type { EventType } from "@/features/events/constants";
import type { PublicEvent } from "@/features/events/schemas";
import { listNextEvents } from "@/server/events";
import { listTiers } from "@/server/public-site";
import type { AnswerPassage } from "./compose";
import { numberNamed, priceExtremeAsked, questionWithMeanings } from "./word-relations";

/**
 * Questions the site answers from its own data rather than from text: what membership
 * costs (the tier catalogue) and what is coming up (the events, read when she asks, so the answer is
 * never a stale copy). Each answer is a passage written from the data, put first for the answer
 * without a model and for the model alike.
 */

const ASKS_PRICE = /\b(how much|cost|costs|price|prices|pricing|fee|fees|expensive|afford)\b/i;
const ABOUT_MEMBERSHIP =
  /\b(member|members|membership|memberships|tier|tiers|join|joining|plan|plans|subscription|it)\b/i;
/** How long a membership lasts: the tiers' terms. */
const ASKS_DURATION = /\b(how long|lasts?|duration|length)\b/i;
const ABOUT_MEMBERSHIP_TERM = /\b(membership|memberships|tier|tiers)\b/i;
const ASKS_UPCOMING =
  /\b(coming up|upcoming|anything (?:on|happening)|what(?:'s| is| are) happening|next events?|what(?:'s| is| are) on|events? (?:this|next) (?:week|month)|what events)\b/i;
/** "When is the next member event?", "Any workshops soon?": the next of a kind of event. */
/** Or when, ahead of now ("in the coming weeks", "this weekend", "tomorrow"). */
const ASKS_NEXT =
  /\b(next|soon|soonest|tomorrow|tonight|later this|coming (?:days|weeks|months|weekend)|this (?:week|weekend|month))\b/i;
/** Events by name, or by what one does at them: what she may attend, or go or come to, is an event. */
const ABOUT_EVENTS =
  /\b(events?|gatherings?|meet-?ups?|workshops?|salons?|socials?|retreats?|circles?|activations?|attend|attending|(?:go|come) to)\b/i;
/** A question about members' events ("the next member event"). */
const ABOUT_MEMBERS_EVENTS =
  /\bmembers?(?:'s?)?(?:[- ]only)?\s+(?:events?|gatherings?|meet-?ups?|workshops?|salons?)\b/i;
const EVENT_TYPES: Array<[RegExp, EventType, string]> = [
  [/\bworkshops?\b/i, "workshop", "workshop"],
  [/\bsocials?\b/i, "social", "social"],
];

/** A structured answer for the question, or null when it is not one of these. */
export async function answerFromData(question: string, user: LevelSubject | null): Promise<AnswerPassage | null> {
  if (ASKS_DURATION.test(question)) {
    const tiers = await listTiers();
    const named = tiers.filter((t) => namesTier(question, t));
    // "Which tier lasts nine months?"
    const months = /\b(\w+)[- ]months?\b/i.exec(question);
    const count = months ? await numberNamed(months[1]!) : null;
    const lasting = tiers.filter((t) => t.durationMonths === count);
    if (lasting.length === 1 && named.length === 0) named.push(lasting[0]!);
    if (named.length === 1) {
      const t = named[0]!;
      const body = `The ${t.title} tier lasts ${t.durationMonths} months, at ${formatCents(t.monthlyPriceCents)} a month (${formatCents(t.monthlyPriceCents * t.durationMonths)} in total).`;
      return passage(`${t.title} membership tier price`, "/membership", body);
    }
    if (tiers.length && ABOUT_MEMBERSHIP_TERM.test(question)) {
      const lines = tiers.map((t) => `${t.title} ${t.durationMonths} months`);
      const body = `A membership lasts ${tiers[0]!.durationMonths} to ${tiers.at(-1)!.durationMonths} months, by tier: ${lines.join("; ")}.`;
      return passage("Membership tiers and prices", "/membership", body);
    }
  }
  // "What is the cheapest membership?": the tier at that end of the catalogue.
  const extreme = ABOUT_MEMBERSHIP.test(question) ? await priceExtremeAsked(question) : null;
  if (extreme) {
    const tiers = await listTiers();
    const sorted = [...tiers].sort((a, b) => a.monthlyPriceCents - b.monthlyPriceCents);
    const t = extreme === "lowest" ? sorted[0] : sorted.at(-1);
    if (t) {
      const body = `The ${extreme === "lowest" ? "least" : "most"} expensive tier is ${t.title}: ${formatCents(t.monthlyPriceCents)} per month for a ${t.durationMonths}-month membership (${formatCents(t.monthlyPriceCents * t.durationMonths)} in total). ${t.description}`;
      return passage(`${t.title} membership tier price`, "/membership", body);
    }
  }
  if (ASKS_PRICE.test(question)) {
    const tiers = await listTiers();
    const named = tiers.filter((t) => namesTier(question, t));
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
  // "The next thing on the calendar" is about events: WordNet's calendar is "a list or register of events".
  if (
    ASKS_UPCOMING.test(question) ||
    (ASKS_NEXT.test(question) && ABOUT_EVENTS.test(await questionWithMeanings(question)))
  )
    return answerComingEvents(question, user);
  return null;
}

const namesTier = (question: string, tier: { id: string; title: string }) =>
  new RegExp(`\\b${tier.title}\\b`, "i").test(question) || new RegExp(`\\b${tier.id}\\b`, "i").test(question);

const UPCOMING_SHOWN = 3;
/** How many coming events a question is checked against for naming one. */
const NAMED_EVENTS_CHECKED = 50;

/**
 * The next events she may attend, the first named with its date, time, place and page: a visitor (or a
 * signed-in person without a membership) the events open to everyone, a member those for members too.
 * Asked about members' events, a member is given those; a visitor the next open one, and told that the
 * members' events need a membership.
 */
async function answerComingEvents(question: string, user: LevelSubject | null): Promise<AnswerPassage | null> {
  // "What's on at the Maker Market?" asks about one event: its own passage answers that.
  if ((await listNextEvents(NAMED_EVENTS_CHECKED)).some((e) => namesEvent(question, e.title))) return null;
  const member = hasMembership(user);
  const aboutMembers = ABOUT_MEMBERS_EVENTS.test(question);
  const [, type, kind] = EVENT_TYPES.find(([pattern]) => pattern.test(question)) ?? [null, undefined, "event"];
  const access = !member ? "public" : aboutMembers ? "members" : undefined;
  const coming = await listNextEvents(UPCOMING_SHOWN, { access, type });
  const labelOf = (kinds: string) =>
    access === "public" ? `${kinds} open to everyone` : access === "members" ? `members' ${kinds}` : kinds;
  const label = labelOf(kind);
  const next = coming[0];
  if (!next)
    return passage(
      "Events",
      "/events",
      `No ${labelOf(`${kind}s`)} are scheduled at the moment. New ones appear on the events page as soon as they are planned.`,
    );
  const sentences = [
    `The next ${label} is ${eventLink(next)} on ${next.date} at ${next.time}, ${where(next)}${!access && next.accessType === "members" ? ", for members" : ""}.`,
  ];
  if (!member && aboutMembers) {
    const [forMembers] = await listNextEvents(1, { access: "members", type });
    if (forMembers)
      sentences.push(
        `Events for members, such as ${eventLink(forMembers)} on ${forMembers.date}, need a [membership](/membership).`,
      );
  }
  if (coming.length > 1)
    sentences.push(
      `After that: ${coming
        .slice(1)
        .map((e) => `${eventLink(e)} on ${e.date}`)
        .join("; ")}.`,
    );
  sentences.push("Every event, with its details and RSVP, is on the [events page](/events).");
  return passage(`Event: ${next.title}`, `/events/${next.id}`, sentences.join(" "));
}

const eventLink = (e: PublicEvent) => `[${e.title.replace(/[[\]]/g, "")}](/events/${e.id})`;
const where = (e: PublicEvent) =>
  e.location === "Online"
    ? "online"
    : e.location === "To be announced"
      ? "its place to be announced"
      : `at ${e.location}`;

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
