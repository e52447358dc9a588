import { z } from "@/lib/validation";
import { isoDate, isoDateTime } from "@/features/api/json";
import type {
  AstrologyChart,
  GeneKeysProfile,
  HumanDesignChart,
  OffsetKind,
  TimeChoice,
} from "@/features/charts/types";
import { placeSchema, type Place } from "@/features/places/types";

// Her birth data and the reports computed from it: hers alone (SELF routes), never anyone else's.

/** Her birth data as stored (decrypted for her only). */
export const storedBirthDataSchema = z.strictObject({
  birthDate: isoDate,
  birthTime: z.string(),
  place: placeSchema,
  timeChoice: z.enum(["earlier", "later"]).optional(),
  /** The instant used for the charts, and how it was read from the local time. */
  utc: isoDateTime,
  offsetMinutes: z.number(),
  offsetKind: z.enum(["lmt", "standard", "daylight", "manual"]),
});

const zodiacPosition = { longitude: z.number(), sign: z.string(), degree: z.number(), formatted: z.string() };
const zodiacPositionSchema = z.strictObject(zodiacPosition);

const astrologyChartSchema = z.strictObject({
  utc: isoDateTime,
  latitude: z.number(),
  longitude: z.number(),
  houseSystem: z.enum(["placidus", "whole-sign"]),
  houseSystemFellBack: z.boolean(),
  ascendant: zodiacPositionSchema,
  midheaven: zodiacPositionSchema,
  cusps: z.array(zodiacPositionSchema),
  points: z.array(
    z.strictObject({
      ...zodiacPosition,
      name: z.string(),
      house: z.number().int(),
      retrograde: z.boolean(),
      speed: z.number(),
    }),
  ),
  aspects: z.array(z.strictObject({ a: z.string(), b: z.string(), aspect: z.string(), orb: z.number() })),
  elements: z.strictObject({ fire: z.number(), earth: z.number(), air: z.number(), water: z.number() }),
  modalities: z.strictObject({ cardinal: z.number(), fixed: z.number(), mutable: z.number() }),
});

const activationSchema = z.strictObject({
  body: z.string(),
  longitude: z.number(),
  gate: z.number().int(),
  line: z.number().int(),
  color: z.number().int(),
  tone: z.number().int(),
  base: z.number().int(),
});

const humanDesignChartSchema = z.strictObject({
  personalityUtc: isoDateTime,
  designUtc: isoDateTime,
  personality: z.array(activationSchema),
  design: z.array(activationSchema),
  gates: z.array(
    z.strictObject({ gate: z.number().int(), center: z.string(), personality: z.boolean(), design: z.boolean() }),
  ),
  channels: z.array(
    z.strictObject({
      gates: z.tuple([z.number().int(), z.number().int()]),
      name: z.string(),
      centers: z.tuple([z.string(), z.string()]),
    }),
  ),
  definedCenters: z.array(z.string()),
  type: z.string(),
  strategy: z.string(),
  authority: z.string(),
  profile: z.string(),
  definition: z.string(),
  incarnationCross: z.strictObject({
    angle: z.string(),
    name: z.string(),
    gates: z.tuple([z.number().int(), z.number().int(), z.number().int(), z.number().int()]),
    label: z.string(),
  }),
});

const sphereSchema = z.strictObject({
  sphere: z.string(),
  key: z.number().int(),
  line: z.number().int(),
  label: z.string(),
  source: z.strictObject({ side: z.enum(["personality", "design"]), body: z.string() }),
});

const reportBase = {
  generatedAt: isoDateTime,
  birth: z.strictObject({ date: isoDate, time: z.string(), place: z.string(), utc: isoDateTime }),
  sections: z.array(z.strictObject({ title: z.string(), body: z.string() })),
};

/** A report: the birth moment it was computed for, the chart data and our prose sections. */
export const reportSchema = z.discriminatedUnion("kind", [
  z.strictObject({ kind: z.literal("astrology"), ...reportBase, chart: astrologyChartSchema }),
  z.strictObject({ kind: z.literal("human-design"), ...reportBase, chart: humanDesignChartSchema }),
  z.strictObject({
    kind: z.literal("gene-key"),
    ...reportBase,
    profile: z.strictObject({
      activation: z.array(sphereSchema),
      venus: z.array(sphereSchema),
      pearl: z.array(sphereSchema),
    }),
  }),
]);

/** GET /api/users/{id}/spiritual-profile. */
export const spiritualProfileSchema = z.strictObject({
  birthData: storedBirthDataSchema.nullable(),
  reports: z.strictObject({
    astrology: reportSchema.nullable(),
    "gene-key": reportSchema.nullable(),
    "human-design": reportSchema.nullable(),
  }),
});

/** What is encrypted in users.birth_data_encrypted. */
export interface StoredBirthData {
  birthDate: string;
  birthTime: string;
  place: Place;
  timeChoice?: TimeChoice;
  /** The instant used for the charts, and how it was read from the local time. */
  utc: string;
  offsetMinutes: number;
  offsetKind: OffsetKind;
}

/** A report: the birth moment it was computed for, the chart data and our prose sections. */
export interface ReportBase {
  generatedAt: string;
  birth: { date: string; time: string; place: string; utc: string };
  sections: Array<{ title: string; body: string }>;
}
export interface AstrologyReport extends ReportBase { kind: "astrology"; chart: AstrologyChart } // prettier-ignore
export interface HumanDesignReport extends ReportBase { kind: "human-design"; chart: HumanDesignChart } // prettier-ignore
export interface GeneKeyReport extends ReportBase { kind: "gene-key"; profile: GeneKeysProfile } // prettier-ignore
export type Report = AstrologyReport | HumanDesignReport | GeneKeyReport;

export interface SpiritualProfile {
  birthData: StoredBirthData | null;
  reports: { astrology: Report | null; "gene-key": Report | null; "human-design": Report | null };
}
