import { diff180, RAD } from "./angles";
import { longitude, position } from "./ephemeris";
import type { Point } from "@/features/charts/types";

/**
 * Our positions against the reference data that astronomy-engine's own test suite checks itself with
 * (github.com/cosinekitty/astronomy, directory generate/). Those tables give instants, not longitudes, but
 * each instant is defined by apparent geocentric ecliptic longitudes on the true equinox of date, the frame
 * our charts use, so at that instant a longitude (or a difference of two) must take the defined value:
 * - seasons/seasons.txt (USNO): equinoxes and solstices, when the Sun's apparent longitude of date is
 *   exactly 0°, 90°, 180° or 270°. Minute precision; the Sun moves 0.04′ a minute.
 * - moonphase/moonphases.txt (USNO): 0 new, 1 first quarter, 2 full, 3 last quarter, when the Moon's apparent
 *   longitude exceeds the Sun's by 0°, 90°, 180°, 270°. Minute precision; the Moon gains 0.5′ a minute.
 * - longitude/opposition_2018.txt: oppositions, when a planet's longitude is the Sun's plus 180°. astronomy-
 *   engine checks these with its heliocentric search and allows 15 minutes (elong_test.js). Our apparent
 *   longitudes put the six instants 0.3′ to 0.9′ (5 to 22 minutes) early, all on the same side, which is the
 *   size of annual aberration's effect on a Sun-opposition difference (about 0.7′); we allow 1′, which still
 *   catches a wrong body, frame or time scale (a degree or more).
 * - elong_test.js, TestMaxElong: greatest elongations of Mercury and Venus (angle from the Sun, frame free),
 *   to 0.1°, checked there within 4′.
 * A wrong frame (J2000 instead of of-date: 0.35° in 2025, 2.8° in 1800) or a missing aberration (20″)
 * would fail the season checks.
 */

const arcminutes = (degrees: number) => Math.abs(degrees) * 60;

describe("ephemeris: the Sun at USNO equinoxes and solstices (seasons.txt)", () => {
  const seasons: Array<[string, number]> = [
    ["1800-03-20T20:12Z", 0],
    ["1879-06-21T19:44Z", 90],
    ["1880-09-22T16:07Z", 180],
    ["2025-06-21T02:42Z", 90],
    ["2025-09-22T18:19Z", 180],
    ["2025-12-21T15:03Z", 270],
    ["2026-03-20T14:46Z", 0],
  ];
  it.each(seasons)("%s: apparent longitude of date %i°", (instant, expected) => {
    expect(arcminutes(diff180(longitude("Sun", new Date(instant)), expected))).toBeLessThan(0.2);
  });
});

describe("ephemeris: the Moon against the Sun at USNO lunar phases (moonphases.txt)", () => {
  const phases: Array<[string, number]> = [
    ["1870-12-22T12:19Z", 0],
    ["1880-11-25T02:06Z", 3],
    ["1900-01-01T13:52Z", 0],
    ["1900-01-15T19:07Z", 2],
    ["1940-04-15T13:45Z", 1],
    ["1930-06-26T13:47Z", 0],
  ];
  it.each(phases)("%s: phase %i", (instant, phase) => {
    const t = new Date(instant);
    const elongation = longitude("Moon", t) - longitude("Sun", t);
    expect(arcminutes(diff180(elongation, phase * 90))).toBeLessThan(1.5);
  });
});

describe("ephemeris: planets opposite the Sun at the 2018 oppositions (opposition_2018.txt)", () => {
  const oppositions: Array<[string, Point]> = [
    ["2018-05-09T00:28Z", "Jupiter"],
    ["2018-06-27T13:15Z", "Saturn"],
    ["2018-07-12T09:42Z", "Pluto"],
    ["2018-07-27T05:07Z", "Mars"],
    ["2018-09-07T18:13Z", "Neptune"],
    ["2018-10-24T00:33Z", "Uranus"],
  ];
  it.each(oppositions)("%s: %s", (instant, planet) => {
    const t = new Date(instant);
    expect(arcminutes(diff180(longitude(planet, t) - longitude("Sun", t), 180))).toBeLessThan(1);
  });
});

describe("ephemeris: Mercury and Venus at greatest elongation (elong_test.js)", () => {
  const elongations: Array<[string, Point, number]> = [
    ["2017-07-30T04:34Z", "Mercury", 27.2],
    ["2019-06-23T23:14Z", "Mercury", 25.2],
    ["2013-11-01T08:00Z", "Venus", 47.1],
    ["2019-01-06T04:24Z", "Venus", 47.0],
  ];
  it.each(elongations)("%s: %s %f° from the Sun", (instant, planet, expected) => {
    const t = new Date(instant);
    const [sun, body] = [position("Sun", t), position(planet, t)];
    const cos =
      Math.sin(sun.latitude * RAD) * Math.sin(body.latitude * RAD) +
      Math.cos(sun.latitude * RAD) * Math.cos(body.latitude * RAD) * Math.cos((body.longitude - sun.longitude) * RAD);
    expect(arcminutes(Math.acos(cos) / RAD - expected)).toBeLessThan(4);
  });
});
