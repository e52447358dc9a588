import "server-only";
import { SIGNS } from "@/features/charts/constants";
import type { ZodiacPosition } from "@/features/charts/types";

/** Angle helpers shared by the chart engine. Degrees everywhere; radians only inside trig calls. */

export const RAD = Math.PI / 180;

export function norm360(degrees: number): number {
  const r = degrees % 360;
  return r < 0 ? r + 360 : r;
}

/** Signed difference a - b folded into [-180, 180). */
export function diff180(a: number, b: number): number {
  return norm360(a - b + 180) - 180;
}

export function zodiac(longitude: number): ZodiacPosition {
  const lon = norm360(longitude);
  const signIndex = Math.floor(lon / 30);
  const degree = lon - signIndex * 30;
  const whole = Math.floor(degree);
  const minutes = Math.floor((degree - whole) * 60);
  return {
    longitude: lon,
    sign: SIGNS[signIndex % 12]!,
    degree,
    formatted: `${whole}°${String(minutes).padStart(2, "0")}′`,
  };
}
