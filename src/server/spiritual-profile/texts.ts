import "server-only";
/** Short explanations written for this community. Kept plain and kind; no fortune-telling. */

export const SIGN_TEXT: Record<string, string> = {
  Aries: "direct and brave, you learn by starting things and trusting your own spark.",
  Taurus: "steady and sensual, you build what lasts and know the worth of rest and beauty.",
  Gemini: "curious and quick, you connect people and ideas and think out loud.",
  Cancer: "tender and protective, you create belonging and remember what matters.",
  Leo: "warm and expressive, you shine when you create from the heart and let yourself be seen.",
  Virgo: "attentive and skilled, you make things better through care, craft and useful help.",
  Libra: "fair and relational, you seek balance, beauty and real partnership.",
  Scorpio: "deep and intense, you transform through honesty and do not fear what is hidden.",
  Sagittarius: "free and searching, you grow through meaning, travel of body or mind, and truth-telling.",
  Capricorn: "patient and ambitious, you climb slowly and build structures others can rely on.",
  Aquarius: "original and community-minded, you imagine the future and stay true to your own way.",
  Pisces: "imaginative and compassionate, you feel what others feel and make art of it.",
};

export const ELEMENT_TEXT = {
  fire: "Most of your planets are in fire signs: you run on enthusiasm and inspiration; protect your spark from burnout.",
  earth:
    "Most of your planets are in earth signs: you trust what is practical and real; your gift is making ideas tangible.",
  air: "Most of your planets are in air signs: you live through ideas, words and connection; your gift is perspective.",
  water: "Most of your planets are in water signs: you lead with feeling and intuition; your gift is emotional depth.",
};

export const TYPE_TEXT: Record<string, string> = {
  Generator:
    "You carry sustainable life-force energy in your defined Sacral. Let life come to you and notice your gut's yes or no: work you respond to feeds you instead of draining you.",
  "Manifesting Generator":
    "You have Sacral energy and a motor connected to your throat: you move fast and in many directions. Respond first, then let the people affected know what you are doing.",
  Manifestor:
    "You are built to initiate. Telling the people around you what you are about to do clears the way and softens resistance.",
  Projector:
    "You see others and systems clearly. Your energy is best spent where you are recognised and invited, not where you have to push.",
  Reflector:
    "With every center open you mirror your community. Take a full cycle of the Moon for big decisions, and choose your surroundings with care.",
};

export const AUTHORITY_TEXT: Record<string, string> = {
  Emotional:
    "Your clarity comes over time. Ride your emotional wave before big decisions; there is no truth in the now.",
  Sacral: "Your gut responds in the moment with a sound or a pull: trust it over your mind's arguments.",
  Splenic: "Your intuition speaks once, quietly and in the moment. Listen for it; it is about your wellbeing.",
  "Ego Manifested": "Decide from what you truly want and will commit to, and say it out loud.",
  "Ego Projected": "Your heart knows what it wants; talk it through with someone you trust and hear your own will.",
  "Self-Projected": "Speak your options aloud to a trusted listener; your truth is in what you hear yourself say.",
  "Mental (Environmental)":
    "Talk decisions through in the right places with the right people; your clarity comes from your surroundings, not from one center.",
  Lunar:
    "Give big decisions about a month, a full lunar cycle, and notice how they feel as the Moon moves through you.",
};

export const LINE_TEXT: Record<number, string> = {
  1: "Investigator (line 1): you need a solid foundation and feel secure when you have studied something deeply.",
  2: "Hermit (line 2), with natural gifts that others call out in you, with a need for time alone.",
  3: "Martyr (line 3): you learn by trial and error; what did not work is wisdom, not failure.",
  4: "Opportunist (line 4): your network of friends is where opportunities and influence come from.",
  5: "Heretic (line 5): others project onto you; you are called on to bring practical solutions in a crisis.",
  6: "Role Model (line 6): you learn through experience first, then step back, and later live as an example.",
};

export const DEFINITION_TEXT: Record<string, string> = {
  None: "No center is consistently defined: you sample and reflect everyone around you.",
  Single: "All your defined centers connect: you process in one continuous flow and feel whole on your own.",
  Split:
    "Your defined centers form two groups: people who bridge the gap can feel like a relief, and giving yourself time helps.",
  "Triple Split":
    "Three separate groups of definition: being among different people in public places helps you feel connected.",
  "Quadruple Split":
    "Four groups of definition, which is rare: you need time and a steady rhythm to bring yourself together.",
};

export const SEQUENCE_TEXT = {
  activation: {
    title: "Activation Sequence",
    body: "Your genius and purpose: what you came to do and how you stay centred while doing it.",
  },
  venus: {
    title: "Venus Sequence",
    body: "Your heart and relationships: the patterns from childhood that, once seen, open into love.",
  },
  pearl: {
    title: "Pearl Sequence",
    body: "Your prosperity: how you bring your gifts to the world with simplicity and flow.",
  },
} as const;
