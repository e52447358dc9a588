/** Reference data of the Human Design system: the wheel, centers, channels and incarnation crosses. */

/** Gates in wheel order; gate 41 line 1 begins at 302° tropical. Each gate spans 5.625°. */
export const WHEEL = [
  41, 19, 13, 49, 30, 55, 37, 63, 22, 36, 25, 17, 21, 51, 42, 3, 27, 24, 2, 23, 8, 20, 16, 35, 45, 12, 15, 52, 39, 53,
  62, 56, 31, 33, 7, 4, 29, 59, 40, 64, 47, 6, 46, 18, 48, 57, 32, 50, 28, 44, 1, 43, 14, 34, 9, 5, 26, 11, 10, 58, 38,
  54, 61, 60,
] as const;
export const WHEEL_START = 302;
export const GATE_SPAN = 360 / 64;

export const CENTERS = ["Head", "Ajna", "Throat", "G", "Heart", "Sacral", "Solar Plexus", "Spleen", "Root"] as const;
export type Center = (typeof CENTERS)[number];
export const MOTORS: readonly Center[] = ["Sacral", "Solar Plexus", "Heart", "Root"];

export const GATE_CENTER: Record<number, Center> = {};
const CENTER_GATES: Record<Center, number[]> = {
  Head: [64, 61, 63],
  Ajna: [47, 24, 4, 17, 43, 11],
  Throat: [62, 23, 56, 35, 12, 45, 33, 8, 31, 20, 16],
  G: [1, 13, 25, 46, 2, 15, 10, 7],
  Heart: [21, 40, 26, 51],
  Sacral: [5, 14, 29, 59, 9, 3, 42, 27, 34],
  "Solar Plexus": [6, 37, 22, 36, 30, 55, 49],
  Spleen: [48, 57, 44, 50, 32, 28, 18],
  Root: [53, 60, 52, 19, 39, 41, 58, 38, 54],
};
for (const center of CENTERS) for (const gate of CENTER_GATES[center]) GATE_CENTER[gate] = center;

/** The 36 channels as gate pairs, with their names. */
export const CHANNELS: ReadonlyArray<{ gates: [number, number]; name: string }> = [
  { gates: [1, 8], name: "Inspiration" },
  { gates: [2, 14], name: "the Beat" },
  { gates: [3, 60], name: "Mutation" },
  { gates: [4, 63], name: "Logic" },
  { gates: [5, 15], name: "Rhythm" },
  { gates: [6, 59], name: "Mating" },
  { gates: [7, 31], name: "the Alpha" },
  { gates: [9, 52], name: "Concentration" },
  { gates: [10, 20], name: "Awakening" },
  { gates: [10, 34], name: "Exploration" },
  { gates: [10, 57], name: "Perfected Form" },
  { gates: [11, 56], name: "Curiosity" },
  { gates: [12, 22], name: "Openness" },
  { gates: [13, 33], name: "the Prodigal" },
  { gates: [16, 48], name: "the Wavelength" },
  { gates: [17, 62], name: "Acceptance" },
  { gates: [18, 58], name: "Judgment" },
  { gates: [19, 49], name: "Synthesis" },
  { gates: [20, 34], name: "Charisma" },
  { gates: [20, 57], name: "the Brainwave" },
  { gates: [21, 45], name: "Money" },
  { gates: [23, 43], name: "Structuring" },
  { gates: [24, 61], name: "Awareness" },
  { gates: [25, 51], name: "Initiation" },
  { gates: [26, 44], name: "Surrender" },
  { gates: [27, 50], name: "Preservation" },
  { gates: [28, 38], name: "Struggle" },
  { gates: [29, 46], name: "Discovery" },
  { gates: [30, 41], name: "Recognition" },
  { gates: [32, 54], name: "Transformation" },
  { gates: [34, 57], name: "Power" },
  { gates: [35, 36], name: "Transitoriness" },
  { gates: [37, 40], name: "Community" },
  { gates: [39, 55], name: "Emoting" },
  { gates: [42, 53], name: "Maturation" },
  { gates: [47, 64], name: "Abstraction" },
];

/** Right Angle crosses: four gates a quarter of the wheel apart share one name (index in WHEEL mod 16). */
const RIGHT_ANGLE_BY_RESIDUE = [
  "the Unexpected",
  "the Four Ways",
  "the Sphinx",
  "Explanation",
  "Contagion",
  "the Sleeping Phoenix",
  "Planning",
  "Consciousness",
  "Rulership",
  "Eden",
  "the Vessel of Love",
  "Service",
  "Tension",
  "Penetration",
  "Maya",
  "Laws",
];

/** Left Angle crosses: a gate and its opposite share one name. */
const LEFT_ANGLE: Record<number, string> = {};
for (const [name, a, b] of [
  ["Duality", 20, 34],
  ["Individualism", 39, 38],
  ["Limitation", 42, 32],
  ["Refinement", 33, 19],
  ["the Plane", 36, 6],
  ["Alignment", 27, 28],
  ["Confrontation", 45, 26],
  ["Cycles", 53, 54],
  ["Dedication", 23, 43],
  ["Defiance", 2, 1],
  ["Demands", 52, 58],
  ["Distraction", 56, 60],
  ["Dominion", 63, 64],
  ["Education", 12, 11],
  ["Endeavour", 21, 48],
  ["Healing", 25, 46],
  ["Identification", 16, 9],
  ["Incarnation", 24, 44],
  ["Industry", 30, 29],
  ["Informing", 22, 47],
  ["Masks", 13, 7],
  ["Migration", 37, 40],
  ["Obscuration", 62, 61],
  ["Prevention", 15, 10],
  ["Revolution", 49, 4],
  ["Separation", 35, 5],
  ["Spirit", 55, 59],
  ["Uncertainty", 8, 14],
  ["Upheaval", 17, 18],
  ["Wishes", 3, 50],
  ["the Alpha", 31, 41],
  ["the Clarion", 51, 57],
] as const) {
  LEFT_ANGLE[a] = name;
  LEFT_ANGLE[b] = name;
}

/** Juxtaposition crosses: one name per gate. */
const JUXTAPOSITION: Record<number, string> = {
  1: "Self-Expression",
  2: "the Driver",
  3: "Mutation",
  4: "Formulization",
  5: "Habits",
  6: "Conflict",
  7: "Interaction",
  8: "Contribution",
  9: "Focus",
  10: "Behavior",
  11: "Ideas",
  12: "Articulation",
  13: "Listening",
  14: "Empowering",
  15: "Extremes",
  16: "Experimentation",
  17: "Opinions",
  18: "Correction",
  19: "Need",
  20: "the Now",
  21: "Control",
  22: "Grace",
  23: "Assimilation",
  24: "Rationalization",
  25: "Innocence",
  26: "the Trickster",
  27: "Caring",
  28: "Risks",
  29: "Commitment",
  30: "Fates",
  31: "Influence",
  32: "Conservation",
  33: "Retreat",
  34: "Power",
  35: "Experience",
  36: "Crisis",
  37: "Bargains",
  38: "Opposition",
  39: "Provocation",
  40: "Denial",
  41: "Fantasy",
  42: "Completion",
  43: "Insight",
  44: "Alertness",
  45: "Possession",
  46: "Serendipity",
  47: "Oppression",
  48: "Depth",
  49: "Principles",
  50: "Values",
  51: "Shock",
  52: "Stillness",
  53: "Beginnings",
  54: "Ambition",
  55: "Moods",
  56: "Stimulation",
  57: "Intuition",
  58: "Vitality",
  59: "Strategy",
  60: "Limitation",
  61: "Thinking",
  62: "Detail",
  63: "Doubts",
  64: "Confusion",
};

export type CrossAngle = "Right Angle" | "Juxtaposition" | "Left Angle";

/** Right Angle for profiles whose personality line is 1-4 (except 4/1), Juxtaposition for 4/1, Left Angle for 5 and 6. */
export function crossAngle(personalityLine: number, designLine: number): CrossAngle {
  if (personalityLine === 4 && designLine === 1) return "Juxtaposition";
  return personalityLine >= 5 ? "Left Angle" : "Right Angle";
}

export function crossName(angle: CrossAngle, personalitySunGate: number): string {
  if (angle === "Right Angle")
    return `Right Angle Cross of ${RIGHT_ANGLE_BY_RESIDUE[WHEEL.indexOf(personalitySunGate as (typeof WHEEL)[number]) % 16]}`;
  if (angle === "Left Angle") return `Left Angle Cross of ${LEFT_ANGLE[personalitySunGate]}`;
  return `Juxtaposition Cross of ${JUXTAPOSITION[personalitySunGate]}`;
}
