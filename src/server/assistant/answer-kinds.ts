import "server-only";

/**
 * What kind of answer a question asks for, read from its asking words ("who", "where", "how long"),
 * and what kinds of answer a sentence gives, read from its form (a date, "at" a named place, "led by"
 * a name, a number of days). The asking words are stop words or words no sentence holds ("Who leads
 * the sound bath?" where the event says "led by Lena"), so the words alone cannot tell which sentence
 * of a passage answers; the kind can.
 */
export type AnswerKind = "time" | "place" | "person" | "access" | "duration" | "frequency" | "quantity";

const ASKS: Array<[AnswerKind, RegExp]> = [
  ["time", /\b(when|what time|(?:what|which) (?:day|date|month|hour)|how soon)\b/i],
  ["place", /\b(where|(?:what|which) (?:address|venue|location|city))\b/i],
  // "Who leads it?" asks for a person; "Who can join?" asks who may come.
  ["person", /\bwho(?!\s+(?:can|may|is allowed|are allowed|could|should))\b|\bwhom\b/i],
  ["access", /\b(who (?:can|may|is allowed|are allowed)|open to|members?[- ]only|only for members)\b/i],
  ["duration", /\bhow long\b/i],
  ["frequency", /\bhow (?:often|frequently)\b/i],
  ["quantity", /\b(how (?:many|much|old)|minimum|maximum|at least|at most)\b/i],
];

/**
 * Her words that ask for a kind of answer rather than name what she asks about: a sentence of that
 * kind holds them ("minimum" is answered by "18 or over", "long" by "5 business days").
 */
export const ASKING_WORDS: Partial<Record<AnswerKind, ReadonlySet<string>>> = {
  duration: new Set(["long"]),
  frequency: new Set(["often", "frequent"]),
  quantity: new Set(["minimum", "maximum", "old"]),
};

const MONTH = "(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)[a-z]*\\.?";
const DAY = "(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day";
const NUMBER = "(?:\\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fourteen|twenty|thirty)";
const UNIT = "(?:business |working )?(?:minute|hour|day|week|month|year)s?";
/** A capitalised word after the first: a name, unless it only starts a sentence. */
const NAME = "[A-Z][\\p{L}'’-]+";

const GIVES: Array<[AnswerKind, RegExp]> = [
  ["time", new RegExp(`\\b${MONTH} \\d{1,2}\\b|\\b${DAY}\\b|\\b\\d{1,2}(?::\\d{2})?\\s?(?:AM|PM|am|pm)\\b`, "u")],
  ["place", new RegExp(`.\\b(?:at|in) (?:the )?${NAME}|\\b\\d+ ${NAME} (?:St|Ave|Street|Road|Rd)\\b`, "u")],
  ["person", new RegExp(`\\b(?:by|with) ${NAME}`, "u")],
  [
    "access",
    /\b(open to|opens to|members only|for members|member-only|members-only|not open|visitors welcome)\b|\bfor [\w\s-]+ only\b/i,
  ],
  ["duration", new RegExp(`\\b${NUMBER}[- ]${UNIT}\\b`, "i")],
  ["frequency", /\b((?:every|each) (?:day|week|month|year|morning|evening)|daily|weekly|monthly|yearly|annually)\b/i],
  ["quantity", new RegExp(`\\$?\\b${NUMBER}\\b`, "i")],
];

/** The kinds of answer the question asks for; none for a question that asks what or why. */
export function askedKinds(question: string): Set<AnswerKind> {
  return new Set(ASKS.filter(([, pattern]) => pattern.test(question)).map(([kind]) => kind));
}

/** The kinds of answer a sentence gives. */
export function givenKinds(sentence: string): Set<AnswerKind> {
  return new Set(GIVES.filter(([, pattern]) => pattern.test(sentence)).map(([kind]) => kind));
}

/** A sentence saying when, where or for whom something is answers "when", "where" or "who may come", not "what". */
const CIRCUMSTANCES: ReadonlySet<AnswerKind> = new Set(["time", "place", "access"]);

/** Whether the sentence tells only the circumstances (when, where, who may come) of what it is about. */
export const tellsCircumstances = (kinds: Set<AnswerKind>) => [...kinds].some((kind) => CIRCUMSTANCES.has(kind));

/** A question asking what something is or holds ("What's on at the Maker Market?"), no other kind. */
export const asksWhat = (question: string, kinds: Set<AnswerKind>) => kinds.size === 0 && /\bwhat\b/i.test(question);
