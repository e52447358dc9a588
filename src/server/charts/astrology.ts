import "server-only";
import { ASPECTS, PLANETS } from "@/features/charts/constants";
import type { Aspect, AstrologyChart, HouseSystem, PlacedPoint, Point, Sign } from "@/features/charts/types";
import { diff180, zodiac } from "./angles";
import { position, siderealFrame } from "./ephemeris";
import { houseOf, houses as computeHouses } from "./houses";

export const ASTRO_POINTS: readonly Point[] = [...PLANETS, "North Node"];

const ELEMENT_OF: Record<Sign, "fire" | "earth" | "air" | "water"> = {
  Aries: "fire",
  Leo: "fire",
  Sagittarius: "fire",
  Taurus: "earth",
  Virgo: "earth",
  Capricorn: "earth",
  Gemini: "air",
  Libra: "air",
  Aquarius: "air",
  Cancer: "water",
  Scorpio: "water",
  Pisces: "water",
};
const MODALITY_OF: Record<Sign, "cardinal" | "fixed" | "mutable"> = {
  Aries: "cardinal",
  Cancer: "cardinal",
  Libra: "cardinal",
  Capricorn: "cardinal",
  Taurus: "fixed",
  Leo: "fixed",
  Scorpio: "fixed",
  Aquarius: "fixed",
  Gemini: "mutable",
  Virgo: "mutable",
  Sagittarius: "mutable",
  Pisces: "mutable",
};

export interface ChartInput {
  utc: Date;
  latitude: number;
  /** East positive. */
  longitude: number;
}

export function astrologyChart(input: ChartInput, system: HouseSystem = "placidus"): AstrologyChart {
  const { ramc, obliquity } = siderealFrame(input.utc, input.longitude);
  const h = computeHouses(ramc, obliquity, input.latitude, system);
  const points: PlacedPoint[] = ASTRO_POINTS.map((name) => {
    const p = position(name, input.utc);
    return {
      name,
      ...zodiac(p.longitude),
      house: houseOf(p.longitude, h.cusps),
      retrograde: p.speed < 0,
      speed: p.speed,
    };
  });
  const elements = { fire: 0, earth: 0, air: 0, water: 0 };
  const modalities = { cardinal: 0, fixed: 0, mutable: 0 };
  for (const p of points) {
    if (p.name === "North Node") continue;
    elements[ELEMENT_OF[p.sign]]++;
    modalities[MODALITY_OF[p.sign]]++;
  }
  return {
    utc: input.utc.toISOString(),
    latitude: input.latitude,
    longitude: input.longitude,
    houseSystem: h.system,
    houseSystemFellBack: h.fellBack,
    ascendant: zodiac(h.ascendant),
    midheaven: zodiac(h.midheaven),
    cusps: h.cusps.map(zodiac),
    points,
    aspects: aspectsBetween(points),
    elements,
    modalities,
  };
}

export function aspectsBetween(points: Array<{ name: Point; longitude: number }>): Aspect[] {
  const found: Aspect[] = [];
  for (let i = 0; i < points.length; i++) {
    for (let j = i + 1; j < points.length; j++) {
      const [a, b] = [points[i]!, points[j]!];
      const separation = Math.abs(diff180(a.longitude, b.longitude));
      for (const aspect of ASPECTS) {
        const orb = Math.abs(separation - aspect.angle);
        if (orb <= aspect.orb)
          found.push({ a: a.name, b: b.name, aspect: aspect.name, orb: Math.round(orb * 100) / 100 });
      }
    }
  }
  return found;
}
