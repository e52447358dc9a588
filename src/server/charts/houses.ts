import "server-only";
import type { HouseSystem } from "@/features/charts/types";
import { RAD, norm360 } from "./angles";

export interface Houses {
  /** The system actually used: Placidus falls back to Whole Sign where it is undefined (polar latitudes). */
  system: HouseSystem;
  fellBack: boolean;
  ascendant: number;
  midheaven: number;
  /** cusps[0] is the first house. */
  cusps: number[];
}

const atan2deg = (y: number, x: number) => norm360(Math.atan2(y, x) / RAD);

/** Ascendant: the ecliptic degree rising on the eastern horizon. */
export function ascendant(ramc: number, obliquity: number, latitude: number): number {
  const r = ramc * RAD;
  const e = obliquity * RAD;
  return atan2deg(Math.cos(r), -(Math.sin(r) * Math.cos(e) + Math.tan(latitude * RAD) * Math.sin(e)));
}

/** Midheaven: the ecliptic degree culminating on the meridian. */
export function midheaven(ramc: number, obliquity: number): number {
  const r = ramc * RAD;
  return atan2deg(Math.sin(r), Math.cos(r) * Math.cos(obliquity * RAD));
}

/** The ecliptic longitude whose right ascension is `ra` (for points on the ecliptic). */
function longitudeFromRa(ra: number, obliquity: number): number {
  const a = ra * RAD;
  return atan2deg(Math.sin(a), Math.cos(a) * Math.cos(obliquity * RAD));
}

/**
 * A Placidus cusp: the ecliptic point that has travelled `fraction` of its own diurnal (above the
 * horizon) or nocturnal semi-arc, found by fixed-point iteration. Returns null where the point never
 * rises or sets (the semi-arc is undefined).
 */
function placidusCusp(
  ramc: number,
  obliquity: number,
  latitude: number,
  fraction: number,
  above: boolean,
): number | null {
  const tanPhi = Math.tan(latitude * RAD);
  let ra = ramc + (above ? 90 * fraction : 180 - 90 * fraction);
  for (let i = 0; i < 100; i++) {
    const lon = longitudeFromRa(ra, obliquity);
    const declination = Math.asin(Math.sin(obliquity * RAD) * Math.sin(lon * RAD));
    const x = -tanPhi * Math.tan(declination);
    if (x < -1 || x > 1) return null;
    const diurnalSemiArc = Math.acos(x) / RAD;
    const next = above ? ramc + fraction * diurnalSemiArc : ramc + 180 - fraction * (180 - diurnalSemiArc);
    if (Math.abs(norm360(next - ra + 180) - 180) < 1e-9) return longitudeFromRa(next, obliquity);
    ra = next;
  }
  return longitudeFromRa(ra, obliquity);
}

/** Latitude above which Placidus is undefined for part of the ecliptic: the polar circles. */
export const polarLimit = (obliquity: number) => 90 - obliquity;

export function houses(ramc: number, obliquity: number, latitude: number, requested: HouseSystem = "placidus"): Houses {
  const asc = ascendant(ramc, obliquity, latitude);
  const mc = midheaven(ramc, obliquity);
  if (requested === "placidus" && Math.abs(latitude) < polarLimit(obliquity)) {
    const c11 = placidusCusp(ramc, obliquity, latitude, 1 / 3, true);
    const c12 = placidusCusp(ramc, obliquity, latitude, 2 / 3, true);
    const c2 = placidusCusp(ramc, obliquity, latitude, 2 / 3, false);
    const c3 = placidusCusp(ramc, obliquity, latitude, 1 / 3, false);
    if (c11 !== null && c12 !== null && c2 !== null && c3 !== null) {
      const half = [asc, c2, c3, norm360(mc + 180), norm360(c11 + 180), norm360(c12 + 180)];
      const cusps = [...half, ...half.map((c) => norm360(c + 180))];
      return { system: "placidus", fellBack: false, ascendant: asc, midheaven: mc, cusps };
    }
  }
  const first = Math.floor(asc / 30) * 30;
  return {
    system: "whole-sign",
    fellBack: requested === "placidus",
    ascendant: asc,
    midheaven: mc,
    cusps: Array.from({ length: 12 }, (_, i) => norm360(first + 30 * i)),
  };
}

/** The house (1-12) a longitude falls in, given the cusps. */
export function houseOf(longitude: number, cusps: number[]): number {
  for (let i = 0; i < 12; i++) {
    const start = cusps[i]!;
    const end = cusps[(i + 1) % 12]!;
    const span = norm360(end - start);
    if (norm360(longitude - start) < span) return i + 1;
  }
  return 1;
}
