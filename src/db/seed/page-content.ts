import type { CmsPage } from "@/features/cms/constants";

/**
 * The first text of the four editable pages, as the product first ships them. The pages render these
 * sections in order; administrators change them in the content editor.
 */
export const INITIAL_PAGE_CONTENT: Record<CmsPage, { title: string; content: string }[]> = {
  home: [
    {
      title: "Where womxn connect, create, play and empower",
      content:
        "A women-focused community and experiential design agency for womxn and female-identifying creatives in leadership and wellness.",
    },
    {
      title: "Connect",
      content: "Find your circle: gatherings, conversations and friendships that last beyond the event.",
    },
    { title: "Create", content: "Make work that matters with collaborators who understand your vision." },
    { title: "Play", content: "Rest, laugh and explore: joy is part of the work, not a reward for it." },
    {
      title: "Empower",
      content: "Grow into leadership with mentors, incubation sessions and a sisterhood behind you.",
    },
    {
      title: "About Us",
      content:
        "We are a community and experiential design agency for womxn and female-identifying creatives in leadership and wellness. Our mission is connecting womxn; our vision is to be the most diverse and inclusive womxn's organisation.",
    },
    {
      title: "Join Our Community",
      content: "Apply for membership and become part of a global family of creatives, leaders and healers.",
    },
  ],
  about: [
    {
      title: "About",
      content:
        "A women-focused community and experiential design agency for womxn and female-identifying creatives in leadership and wellness.",
    },
    {
      title: "Who We Are",
      content:
        "We are artists, founders, facilitators and healers who believe that womxn thrive when they gather. We design experiences, campaigns and spaces where womxn and female-identifying creatives can be seen, supported and celebrated.",
    },
    {
      title: "Our Mission & Vision",
      content:
        "Our mission is connecting womxn. Our vision is to be the most diverse and inclusive womxn's organisation.",
    },
    {
      title: "Experiential Design",
      content: "Gatherings, retreats and installations designed around how people feel, not only what they see.",
    },
    {
      title: "Impactful Marketing",
      content: "Campaigns and stories for brands led by womxn, told with care and with purpose.",
    },
    {
      title: "Sensual Artistry & Activations",
      content: "Performances, workshops and activations that celebrate the body, art and pleasure.",
    },
    {
      title: "Authentic Self-Expression",
      content: "Spaces to find your voice and use it, on stage, on the page and in the room.",
    },
    {
      title: "Feminine Leadership Incubation",
      content: "Programmes that grow leaders who lead with intuition, collaboration and courage.",
    },
    { title: "Global Family & Sisterhood", content: "A worldwide network of womxn who open doors for one another." },
  ],
  membership: [
    {
      title: "Membership",
      content: "Choose the membership that fits your season and join a community that grows with you.",
    },
    {
      title: "Membership Benefits",
      content: "Every membership includes the essentials of the community; longer memberships add depth and priority.",
    },
    { title: "Supportive Community", content: "A circle of womxn who show up for each other, online and in person." },
    {
      title: "Exclusive Member-Only Events",
      content: "Workshops, salons, retreats and celebrations open only to members.",
    },
    { title: "Resource Library", content: "Articles, videos, guides and recordings from members and guest teachers." },
    {
      title: "Networking Opportunities",
      content: "Introductions to collaborators, clients and mentors across the world.",
    },
  ],
  community: [
    {
      title: "Our Community",
      content: "A global family of womxn and female-identifying creatives, leaders and healers.",
    },
    { title: "Inclusivity", content: "Every womxn is welcome here, whatever her background, body, age or path." },
    { title: "Authentic Expression", content: "We come as we are and make room for others to do the same." },
    { title: "Collective Care", content: "We look after each other, and we look after ourselves so that we can." },
    { title: "Collaborative Growth", content: "We grow by sharing what we know, our networks and our opportunities." },
    {
      title: "How to Engage",
      content: "Come to an event, join the WhatsApp channel, explore the memberships and apply when you are ready.",
    },
  ],
};
