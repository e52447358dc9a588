/**
 * The assistant's evaluation set: questions people ask, each with the pages that answer it (any
 * one of them among the first three cited counts as a hit). Events are named by title, since their
 * ids depend on the database.
 */
export interface EvalQuestion {
  question: string;
  pages?: string[];
  event?: string;
}

export const CHAT_EVAL_SET: EvalQuestion[] = [
  // Tiers and prices
  { question: "How much does the Create tier cost?", pages: ["/membership"] },
  { question: "What is the price of the Play membership?", pages: ["/membership"] },
  { question: "How much is Connect per month?", pages: ["/membership"] },
  { question: "Which membership tiers are there?", pages: ["/membership"] },
  { question: "What does the Empower tier include?", pages: ["/membership"] },
  { question: "How long does a Create membership last?", pages: ["/membership"] },
  { question: "Which tier gives access to the Leadership Circle forum?", pages: ["/membership"] },
  { question: "What are the benefits of membership?", pages: ["/membership"] },
  // FAQ
  { question: "How long does approval take?", pages: ["/faq"] },
  { question: "Can men join the community?", pages: ["/faq"] },
  { question: "Is there a free trial?", pages: ["/faq"] },
  { question: "How do I cancel my membership?", pages: ["/faq"] },
  { question: "Can I get a refund?", pages: ["/faq"] },
  { question: "Is there a mobile app?", pages: ["/faq"] },
  { question: "How do I become a member?", pages: ["/faq"] },
  { question: "How does mentorship work?", pages: ["/faq", "/membership"] },
  { question: "What is in the resource library?", pages: ["/faq", "/membership"] },
  { question: "How do you handle my personal data?", pages: ["/faq"] },
  { question: "Can I contribute or write for the blog?", pages: ["/faq"] },
  { question: "What kinds of events do you hold?", pages: ["/faq"] },
  // Upcoming events
  { question: "When is the New Moon Intention Circle?", event: "New Moon Intention Circle" },
  { question: "Where is the rooftop social?", event: "Rooftop Sisterhood Social" },
  { question: "When is the next collage workshop?", event: "Creative Lab: Collage for Visioning" },
  { question: "Is the Leadership Salon open to everyone?", event: "Leadership Salon: Leading With Intuition" },
  { question: "When is the Maker Market?", event: "Maker Market" },
  { question: "What time does the sound bath start?", event: "Sound Bath and Journaling" },
  { question: "Where is the community garden morning?", event: "Community Garden Morning" },
  // Blog
  { question: "Why do womxn need circles?", pages: ["/blog/the-power-of-gathering"] },
  { question: "How do I start with breathwork?", pages: ["/blog/a-beginners-guide-to-breathwork"] },
  { question: "What did you learn from the leadership incubator?", pages: ["/blog/leading-with-intuition", "/about"] },
  { question: "Tell me about the muralist Amara Nwosu.", pages: ["/blog/member-spotlight-amara-nwosu"] },
  { question: "Which brands did you partner with?", pages: ["/blog/press-and-partnerships"] },
  { question: "What is experiential design?", pages: ["/blog/designing-experiences-that-feel", "/about"] },
  // The public pages
  { question: "What is your mission?", pages: ["/about"] },
  { question: "How can I engage with the community?", pages: ["/community"] },
  { question: "What values does the community hold?", pages: ["/community"] },
];
