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

export const SIGNS = [
  "Aries",
  "Taurus",
  "Gemini",
  "Cancer",
  "Leo",
  "Virgo",
  "Libra",
  "Scorpio",
  "Sagittarius",
  "Capricorn",
  "Aquarius",
  "Pisces",
] as const;
export type Sign = (typeof SIGNS)[number];

export interface ZodiacPosition {
  longitude: number;
  sign: Sign;
  /** Degrees within the sign, 0 <= degree < 30. */
  degree: number;
  /** "23°30′" within the sign, truncated to the minute as ephemerides print it. */
  formatted: string;
}

export function zodiac(longitude: number): ZodiacPosition {
  const lon = norm360(longitude);
  const signIndex = Math.floor(lon / 30);
  const degree = lon - signIndex * 30;
  const whole = Math.floor(degree);
  const minutes = Math.floor((degree - whole) * 60);
  return { longitude: lon, sign: SIGNS[signIndex % 12]!, degree, formatted: `${whole}°${String(minutes).padStart(2, "0")}′` };
}
