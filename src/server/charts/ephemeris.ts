import "server-only";
import {
  Body,
  Ecliptic,
  Vector,
  GeoMoonState,
  GeoVector,
  MakeTime,
  Rotation_EQJ_ECT,
  RotateVector,
  SiderealTime,
  e_tilt,
  type AstroTime,
} from "astronomy-engine";
import type { Planet, Point } from "@/features/charts/types";
import { norm360 } from "./angles";

/**
 * Apparent geocentric positions on the true ecliptic and equinox of date (the tropical zodiac), from
 * astronomy-engine. Light time and aberration are included, as in the ephemerides astrologers use.
 */

export interface BodyPosition {
  longitude: number;
  latitude: number;
  /** Degrees per day; negative when retrograde. */
  speed: number;
}

export function astroTime(utc: Date): AstroTime {
  return MakeTime(utc);
}

function planetLongitude(planet: Planet, time: AstroTime): { longitude: number; latitude: number } {
  const ecliptic = Ecliptic(GeoVector(Body[planet], time, true));
  return { longitude: norm360(ecliptic.elon), latitude: ecliptic.elat };
}

/**
 * The true (osculating) lunar node: the ascending node of the Moon's instantaneous geocentric orbit,
 * from the plane of its position and velocity on the ecliptic of date. The mean node would be smoother
 * but is not what Human Design charts or astro.com's "true node" show.
 */
function trueNodeLongitude(time: AstroTime): number {
  const state = GeoMoonState(time);
  const rotation = Rotation_EQJ_ECT(time);
  const r = RotateVector(rotation, new Vector(state.x, state.y, state.z, time));
  const v = RotateVector(rotation, new Vector(state.vx, state.vy, state.vz, time));
  const hx = r.y * v.z - r.z * v.y;
  const hy = r.z * v.x - r.x * v.z;
  return norm360(Math.atan2(hx, -hy) / (Math.PI / 180));
}

function longitudeOf(point: Point, time: AstroTime): { longitude: number; latitude: number } {
  return point === "North Node" ? { longitude: trueNodeLongitude(time), latitude: 0 } : planetLongitude(point, time);
}

const SPEED_STEP_DAYS = 1 / 24;

export function position(point: Point, utc: Date): BodyPosition {
  const time = astroTime(utc);
  const now = longitudeOf(point, time);
  const before = longitudeOf(point, time.AddDays(-SPEED_STEP_DAYS / 2)).longitude;
  const after = longitudeOf(point, time.AddDays(SPEED_STEP_DAYS / 2)).longitude;
  const speed = (norm360(after - before + 180) - 180) / SPEED_STEP_DAYS;
  return { ...now, speed };
}

/** Longitude only, for root searches. */
export function longitude(point: Point, utc: Date): number {
  return longitudeOf(point, astroTime(utc)).longitude;
}

export function sunLongitude(utc: Date): number {
  return planetLongitude("Sun", astroTime(utc)).longitude;
}

/** Local apparent sidereal time as an angle (RAMC), and the true obliquity of the ecliptic, in degrees. */
export function siderealFrame(utc: Date, eastLongitude: number): { ramc: number; obliquity: number } {
  const time = astroTime(utc);
  return { ramc: norm360(SiderealTime(time) * 15 + eastLongitude), obliquity: e_tilt(time).tobl };
}
