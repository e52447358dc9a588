/** The six posts of the blog, with bodies written for the demo. Markdown. */
export const DEMO_BLOG_POSTS = [
  {
    slug: "the-power-of-gathering",
    title: "The Power of Gathering: Why Womxn Need Circles",
    excerpt: "Circles are one of the oldest technologies we have. Here is why we keep coming back to them.",
    category: "Community",
    authorName: "Maya Okafor",
    imageUrl: "/images/circle.svg",
    daysAgo: 6,
    body: `Long before conference rooms and group chats, womxn sat in circles. Around fires, kitchen tables and riverbanks, circles were where news travelled, where grief was shared and where plans were made.

## Why circles work

A circle has no head. Everyone can see everyone, and that changes how people speak. In our gatherings we notice that members who stay quiet in a lecture hall will speak up in a circle of twelve.

- **Equal footing:** nobody stands at the front.
- **Witnessing:** being heard is as healing as being helped.
- **Continuity:** the same faces, month after month, build trust.

## How we run ours

Every member event starts with a short check-in: your name, how you are arriving, and one thing you want from the evening. It takes ten minutes and it changes the whole night.

If you have never sat in a circle, come to one of our open events. Bring yourself; we will bring the tea.`,
  },
  {
    slug: "leading-with-intuition",
    title: "Leading With Intuition: Notes From Our Leadership Incubator",
    excerpt: "What we learned from six months of feminine leadership incubation with twenty founders.",
    category: "Leadership",
    authorName: "Priya Sharma",
    imageUrl: "/images/stage.svg",
    daysAgo: 14,
    body: `This spring twenty members joined our first leadership incubator. They came with companies, collectives and half-formed ideas, and they left with something harder to name: permission to lead their way.

## Three lessons

1. **Intuition is data.** The founders who did best treated their gut feelings as information to test, not noise to ignore.
2. **Rest is strategy.** Every founder who built rest into her calendar shipped more, not less.
3. **Asking is leading.** The boldest move most of them made was asking for help in public.

## What is next

The next cohort opens to Empower and Play members in the new year. Watch the events calendar for the information session.`,
  },
  {
    slug: "a-beginners-guide-to-breathwork",
    title: "A Beginner's Guide to Breathwork",
    excerpt: "Five minutes, no equipment, and a practice you can take anywhere.",
    category: "Wellness",
    authorName: "Priya Sharma",
    imageUrl: "/images/river.svg",
    daysAgo: 25,
    body: `Breathwork sounds mysterious, but you already do it twenty thousand times a day. The practice is simply doing it on purpose.

## Try this: box breathing

- Breathe in through your nose for a count of four.
- Hold for four.
- Breathe out for four.
- Hold for four.

Repeat for five rounds. Notice your shoulders, your jaw and your hands.

## When to practise

Before a hard conversation, after a long day of screens, or when you wake at three in the morning with your mind racing. Many members practise together on our monthly online sessions.

*Breathwork is not a substitute for medical care. If you are pregnant or have a heart condition, talk to your doctor first.*`,
  },
  {
    slug: "designing-experiences-that-feel",
    title: "Designing Experiences People Feel",
    excerpt: "Experiential design is about emotion first. A look behind the scenes of our autumn activation.",
    category: "Experiential Design",
    authorName: "Maya Okafor",
    imageUrl: "/images/gathering.svg",
    daysAgo: 38,
    body: `When we design an experience we start with a single question: how should people feel when they leave?

## From feeling to form

For our autumn activation the answer was *held*. That one word decided the lighting (low and warm), the seating (floor cushions in small clusters), the sound (live cello, never louder than conversation) and the food (shared bowls, passed hand to hand).

## The details nobody notices

- A greeter who learns every name.
- Coat racks by the door so nobody carries her day around with her.
- A quiet room for anyone who needs a moment.

Good experiences are built from details that guests never consciously see, and always feel.`,
  },
  {
    slug: "member-spotlight-amara-nwosu",
    title: "Member Spotlight: Amara Nwosu Paints the Town",
    excerpt: "Muralist Amara Nwosu on scale, colour and the collaborator she met at a member salon.",
    category: "Member Stories",
    authorName: "Jordan Lee",
    imageUrl: "/images/studio.svg",
    daysAgo: 52,
    body: `Amara Nwosu paints walls the height of houses. Last year she painted her first mural outside Lagos, with a collaborator she met at one of our member salons.

## In her words

> "I walked into the salon knowing nobody. By the end of the night I had a painting partner and a commission. That does not happen at networking events. It happens when people actually talk."

## What she is working on

A series of murals about the womxn who raised her neighbourhood. She is looking for stories: if someone shaped your street, tell her on the forum.`,
  },
  {
    slug: "press-and-partnerships",
    title: "In the Press: Our Year in Partnerships",
    excerpt: "Features, collaborations and the brands that joined us in making space for womxn.",
    category: "Press",
    authorName: "Sofia Martinez",
    imageUrl: "/images/market.svg",
    daysAgo: 70,
    body: `This year the community was featured in lifestyle and business press, and we partnered with womxn-led brands on three activations.

## Highlights

- A wellness retreat co-designed with an independent tea company.
- A pop-up market for member-made goods, with every sale going to the maker.
- A campaign for a skincare brand, cast entirely from our membership.

## Work with us

If your brand shares our values and wants to reach womxn and female-identifying creatives, write to us through the contact page. We choose partners carefully, and we always ask what the community gets in return.`,
  },
];
