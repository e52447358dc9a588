import type { ASPECTS, HD_BODIES, PLANETS, SEQUENCE_NAMES, SIGNS } from "./constants";
import type { Center, CrossAngle } from "./human-design-data";

// What the chart engine answers (src/server/charts), drawn by src/components/spiritual-profile.

export type Sign = (typeof SIGNS)[number];
export type Planet = (typeof PLANETS)[number];
export type Point = Planet | "North Node";
export type HouseSystem = "placidus" | "whole-sign";
export type AspectName = (typeof ASPECTS)[number]["name"];
export type HdBody = (typeof HD_BODIES)[number];
export type SequenceName = (typeof SEQUENCE_NAMES)[number];

export interface ZodiacPosition {
  longitude: number;
  sign: Sign;
  /** Degrees within the sign, 0 <= degree < 30. */
  degree: number;
  /** "23°30′" within the sign, truncated to the minute as ephemerides print it. */
  formatted: string;
}

export interface PlacedPoint extends ZodiacPosition {
  name: Point;
  house: number;
  retrograde: boolean;
  speed: number;
}

export interface Aspect {
  a: Point;
  b: Point;
  aspect: AspectName;
  /** How far from exact, in degrees. */
  orb: number;
}

export interface AstrologyChart {
  utc: string;
  latitude: number;
  longitude: number;
  houseSystem: HouseSystem;
  /** True when Placidus was asked for but is undefined at this latitude, so Whole Sign was used. */
  houseSystemFellBack: boolean;
  ascendant: ZodiacPosition;
  midheaven: ZodiacPosition;
  cusps: ZodiacPosition[];
  points: PlacedPoint[];
  aspects: Aspect[];
  elements: Record<"fire" | "earth" | "air" | "water", number>;
  modalities: Record<"cardinal" | "fixed" | "mutable", number>;
}

export interface Activation {
  body: HdBody;
  longitude: number;
  gate: number;
  line: number;
  color: number;
  tone: number;
  base: number;
}

export type HdType = "Generator" | "Manifesting Generator" | "Manifestor" | "Projector" | "Reflector";
export type Authority =
  | "Emotional"
  | "Sacral"
  | "Splenic"
  | "Ego Manifested"
  | "Ego Projected"
  | "Self-Projected"
  | "Mental (Environmental)"
  | "Lunar";
export type Definition = "None" | "Single" | "Split" | "Triple Split" | "Quadruple Split";

export interface HumanDesignChart {
  personalityUtc: string;
  designUtc: string;
  personality: Activation[];
  design: Activation[];
  /** Every activated gate with whether it is conscious (personality), unconscious (design) or both. */
  gates: Array<{ gate: number; center: Center; personality: boolean; design: boolean }>;
  channels: Array<{ gates: [number, number]; name: string; centers: [Center, Center] }>;
  definedCenters: Center[];
  type: HdType;
  strategy: string;
  authority: Authority;
  profile: string;
  definition: Definition;
  incarnationCross: { angle: CrossAngle; name: string; gates: [number, number, number, number]; label: string };
}

export interface Sphere {
  sphere: string;
  key: number;
  line: number;
  /** "key.line", as Gene Keys profiles print it. */
  label: string;
  source: { side: "personality" | "design"; body: HdBody };
}

export type GeneKeysProfile = Record<SequenceName, Sphere[]>;

/** How a birth's local time was read as UTC: local mean time, standard or daylight time, or an offset she gave. */
export type OffsetKind = "lmt" | "standard" | "daylight" | "manual";
/** Which of two readings of a wall time that occurs twice (or not at all) she chose. */
export type TimeChoice = "earlier" | "later";
