/**
 * The assistant's evaluation set: 74 questions a visitor or a member would ask, written
 * from the site's own content (FAQ, tiers, the apply, events, privacy and community pages, the demo
 * events and blog posts). Each names the pages that answer it and the fact the answer's first
 * sentence must hold. Events are named by title, since their ids and dates depend on the database;
 * `fact: "date"` or `"time"` is the event's own, read from it.
 *
 * Ten are held back (`heldOut`): written with the others, before any tuning, and never looked at
 * while the answers were tuned on the thirty. The README reports them on their own.
 *
 * Ten more (`newHeldOut`) were written for the answer without a model's word relations and coming
 * events, before any of that retrieval code changed, and are never tuned on either; the bench reports
 * them apart. Four more, the examples given when the word relations were asked for, are tuning
 * questions. `fact: "next-event"` is the next event the asker may attend (the bench asks as a visitor:
 * the next public one), named by its title with its date.
 *
 * Ten more (`freshHeldOut`) were written and committed before the retrieval changes that followed
 * the two sets above (both of which had been seen by then), and are never tuned on; the bench reports
 * them apart too.
 *
 * Ten more (`fourthHeldOut`) were written and committed before the changes to how the answering
 * sentence is chosen (question-type cues, the sentence that best matches the question), after the
 * three sets above had all been seen; never tuned on, reported apart.
 */
export interface EvalQuestion {
  question: string;
  pages?: string[];
  event?: string;
  fact: RegExp | "date" | "time" | "next-event";
  heldOut?: boolean;
  newHeldOut?: boolean;
  freshHeldOut?: boolean;
  fourthHeldOut?: boolean;
}

export const CHAT_EVAL_SET: EvalQuestion[] = [
  // Tiers and prices
  { question: "How much does membership cost?", pages: ["/membership"], fact: /\$30\.00[\s\S]*\$75\.00/ },
  { question: "How much does the Create tier cost?", pages: ["/membership"], fact: /\$50\.00/ },
  { question: "What is the price of the Play membership?", pages: ["/membership"], fact: /\$75\.00/ },
  { question: "How long does a Create membership last?", pages: ["/membership"], fact: /6 months|6-month/ },
  { question: "Which tier gives access to the Leadership Circle forum?", pages: ["/membership"], fact: /Empower/ },
  { question: "What does the Connect tier cost per month?", pages: ["/membership"], fact: /\$30\.00/, heldOut: true },
  { question: "How much is the annual membership?", pages: ["/membership"], fact: /\$75\.00/, heldOut: true },
  // Joining, paying, leaving
  { question: "Is there a free trial?", pages: ["/faq", "/membership", "/apply"], fact: /30-day free trial/ },
  { question: "How long does approval take?", pages: ["/faq", "/apply"], fact: /5 business days/ },
  { question: "How do I become a member?", pages: ["/faq", "/apply"], fact: /application|apply/i },
  { question: "Can I get a refund?", pages: ["/faq", "/apply"], fact: /14 days|14-day/ },
  { question: "Can I change my tier later?", pages: ["/faq", "/apply"], fact: /upgrade at any time/i },
  { question: "Can I pay with Klarna?", pages: ["/apply"], fact: /buy-now-pay-later|pay later/i },
  { question: "Which payment methods do you accept?", pages: ["/apply"], fact: /credit and debit cards/ },
  {
    question: "When will I hear back after I apply?",
    pages: ["/faq", "/apply"],
    fact: /5 business days/,
    heldOut: true,
  },
  { question: "Can I pay with Apple Pay?", pages: ["/apply"], fact: /digital wallet/, heldOut: true },
  {
    question: "What happens after my application is accepted?",
    pages: ["/apply", "/faq"],
    fact: /invitation/,
    heldOut: true,
  },
  // The community and the FAQ
  { question: "Can men join the community?", pages: ["/faq"], fact: /womxn and female-identifying people only/ },
  { question: "Is there a mobile app?", pages: ["/faq"], fact: /not at the moment|no mobile app/i },
  { question: "How do I become a mentor?", pages: ["/faq"], fact: /Offer Mentorship/ },
  { question: "What is in the resource library?", pages: ["/faq", "/membership"], fact: /Articles, videos/ },
  { question: "What kinds of events do you hold?", pages: ["/faq"], fact: /Workshops, salons, retreats/ },
  { question: "What is Womxn Community?", pages: ["/faq", "/about", "/"], fact: /women-focused community/ },
  { question: "What is your mission?", pages: ["/about", "/"], fact: /connecting womxn/ },
  { question: "What values does the community hold?", pages: ["/community"], fact: /Inclusivity/ },
  {
    question: "Can I book a private event for my team?",
    pages: ["/events"],
    fact: /Team building workshops|teams, companies/,
  },
  {
    question: "Is the community open to men?",
    pages: ["/faq"],
    fact: /womxn and female-identifying people only/,
    heldOut: true,
  },
  // Privacy
  { question: "Do you use tracking cookies?", pages: ["/privacy"], fact: /no advertising or tracking cookies/ },
  { question: "Do you store my card details?", pages: ["/privacy"], fact: /never reach our servers/ },
  { question: "Do you sell my personal data?", pages: ["/faq", "/privacy"], fact: /never sells?/, heldOut: true },
  // Events coming up
  { question: "What events are coming up?", pages: ["/events"], fact: "next-event" },
  { question: "When is the New Moon Intention Circle?", event: "New Moon Intention Circle", fact: "date" },
  { question: "Where is the Rooftop Sisterhood Social?", event: "Rooftop Sisterhood Social", fact: /Skyline Terrace/ },
  {
    question: "Is the Leadership Salon open to everyone?",
    event: "Leadership Salon: Leading With Intuition",
    fact: /members only/i,
  },
  { question: "What time does the sound bath start?", event: "Sound Bath and Journaling", fact: "time" },
  { question: "What's on at the Maker Market?", event: "Maker Market", fact: /art, ceramics, zines/, heldOut: true },
  {
    question: "Where is the community garden morning?",
    event: "Community Garden Morning",
    fact: /Fruitvale Community Garden/,
    heldOut: true,
  },
  // The blog
  { question: "Why do womxn need circles?", pages: ["/blog/the-power-of-gathering"], fact: /circle/i },
  {
    question: "How do I start with breathwork?",
    pages: ["/blog/a-beginners-guide-to-breathwork"],
    fact: /box breathing|Breathe in through your nose|five minutes/i,
  },
  {
    question: "What did the leadership incubator teach its founders?",
    pages: ["/blog/leading-with-intuition"],
    fact: /Intuition is data|Rest is strategy|Asking is leading|permission to lead/,
    heldOut: true,
  },
  // The issue's own examples of words the site does not use and of the next event: tuned on.
  { question: "When is the next member event?", pages: ["/events"], fact: "next-event" },
  { question: "How long until I hear back?", pages: ["/faq", "/apply"], fact: /5 business days/ },
  { question: "Can I get my money back?", pages: ["/apply", "/faq", "/terms"], fact: /14 days/ },
  { question: "Which tier lasts nine months?", pages: ["/membership"], fact: /Empower/ },
  // Written before the word relations and the coming-events answer: never tuned on.
  {
    question: "Do I have to be a woman to join?",
    pages: ["/faq", "/apply", "/terms"],
    fact: /womxn and female-identifying/,
    newHeldOut: true,
  },
  {
    question: "How many membership levels are there?",
    pages: ["/membership"],
    fact: /\b(4|four)\b[\s\S]*tiers|Connect[\s\S]*Create[\s\S]*Empower[\s\S]*Play/i,
    newHeldOut: true,
  },
  { question: "Is there a minimum age to become a member?", pages: ["/terms"], fact: /18 or over/, newHeldOut: true },
  {
    question: "Can I switch to a cheaper plan?",
    pages: ["/faq", "/apply", "/terms"],
    fact: /downgrade/i,
    newHeldOut: true,
  },
  {
    question: "Which membership includes a one-to-one with a mentor?",
    pages: ["/membership"],
    fact: /Play/,
    newHeldOut: true,
  },
  {
    question: "Can I bring a friend who isn't a member to the Rooftop Sisterhood Social?",
    event: "Rooftop Sisterhood Social",
    fact: /open to everyone|Bring a friend/,
    newHeldOut: true,
  },
  { question: "What day is the Maker Market?", event: "Maker Market", fact: "date", newHeldOut: true },
  {
    question: "What should I bring to the collage workshop?",
    event: "Creative Lab: Collage for Visioning",
    fact: /magazines, photos and scraps/,
    newHeldOut: true,
  },
  { question: "Is my birth data kept safe?", pages: ["/privacy"], fact: /encrypted/, newHeldOut: true },
  { question: "What's the next thing on the calendar?", pages: ["/events"], fact: "next-event", newHeldOut: true },
  // Written before the retrieval changes that followed the two held-back sets: never tuned on.
  {
    question: "What is the cheapest membership?",
    pages: ["/membership"],
    fact: /^(?=[\s\S]*Connect)(?=[\s\S]*\$30\.00)/,
    freshHeldOut: true,
  },
  {
    question: "Is the Leadership Salon online or in person?",
    event: "Leadership Salon: Leading With Intuition",
    fact: /online/i,
    freshHeldOut: true,
  },
  { question: "Who leads the sound bath?", event: "Sound Bath and Journaling", fact: /Lena/, freshHeldOut: true },
  {
    question: "Where does the money from Maker Market sales go?",
    event: "Maker Market",
    fact: /goes to the maker/,
    freshHeldOut: true,
  },
  { question: "Can I write for the blog?", pages: ["/faq"], fact: /write for the blog/, freshHeldOut: true },
  {
    question: "How do I unsubscribe from the newsletter?",
    pages: ["/privacy"],
    fact: /unsubscribe link/,
    freshHeldOut: true,
  },
  { question: "Can I ask you to delete my data?", pages: ["/privacy", "/faq"], fact: /delet/i, freshHeldOut: true },
  {
    question: "What behaviour isn't allowed in the community?",
    pages: ["/terms"],
    fact: /harassment|hate speech/i,
    freshHeldOut: true,
  },
  { question: "Is there a WhatsApp group?", pages: ["/community"], fact: /WhatsApp/, freshHeldOut: true },
  {
    question: "Do I pay anything before I'm accepted?",
    pages: ["/apply", "/faq", "/membership"],
    fact: /charged only if accepted|before you pay/,
    freshHeldOut: true,
  },
  // Written before the changes to how the answering sentence is chosen: never tuned on.
  {
    question: "Does the website work on my phone?",
    pages: ["/faq"],
    fact: /works on phones/,
    fourthHeldOut: true,
  },
  {
    question: "Where is the Sound Bath and Journaling held?",
    event: "Sound Bath and Journaling",
    fact: /Studio Klang/,
    fourthHeldOut: true,
  },
  {
    question: "Is the Creative Lab for members only?",
    event: "Creative Lab: Collage for Visioning",
    fact: /members only/i,
    fourthHeldOut: true,
  },
  {
    question: "Which tier includes mentorship matching?",
    pages: ["/membership", "/faq"],
    fact: /Create/,
    fourthHeldOut: true,
  },
  {
    question: "How often are there member events?",
    pages: ["/apply", "/faq"],
    fact: /every month/,
    fourthHeldOut: true,
  },
  { question: "Who owns what I post in the forum?", pages: ["/terms"], fact: /keep the rights/, fourthHeldOut: true },
  {
    question: "What happens at the start of a member event?",
    pages: ["/blog/the-power-of-gathering"],
    fact: /check-in/,
    fourthHeldOut: true,
  },
  {
    question: "Who can join the next leadership incubator cohort?",
    pages: ["/blog/leading-with-intuition"],
    fact: /Empower and Play/,
    fourthHeldOut: true,
  },
  {
    question: "What should I do before breathwork if I have a heart condition?",
    pages: ["/blog/a-beginners-guide-to-breathwork"],
    fact: /talk to your doctor/,
    fourthHeldOut: true,
  },
  { question: "What can I attend in the coming weeks?", pages: ["/events"], fact: "next-event", fourthHeldOut: true },
];
