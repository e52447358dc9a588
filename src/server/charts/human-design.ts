import "server-only";
import { diff180, norm360 } from "./angles";
import { longitude, sunLongitude } from "./ephemeris";
import { HD_BODIES } from "@/features/charts/constants";
import type {
  Activation,
  Authority,
  Definition,
  HdBody,
  HdType,
  HumanDesignChart,
  Point,
} from "@/features/charts/types";
import {
  CENTERS,
  CHANNELS,
  GATE_CENTER,
  GATE_SPAN,
  MOTORS,
  WHEEL,
  WHEEL_START,
  crossAngle,
  crossName,
  type Center,
} from "@/features/charts/human-design-data";

/** Gate, line, color, tone and base of an ecliptic longitude. */
export function gateOf(lon: number): Omit<Activation, "body" | "longitude"> {
  const offset = norm360(lon - WHEEL_START);
  const index = Math.floor(offset / GATE_SPAN);
  const lineSpan = GATE_SPAN / 6;
  const colorSpan = lineSpan / 6;
  const toneSpan = colorSpan / 6;
  const baseSpan = toneSpan / 5;
  const inGate = offset - index * GATE_SPAN;
  const line = Math.floor(inGate / lineSpan);
  const inLine = inGate - line * lineSpan;
  const color = Math.floor(inLine / colorSpan);
  const inColor = inLine - color * colorSpan;
  const tone = Math.floor(inColor / toneSpan);
  const base = Math.floor((inColor - tone * toneSpan) / baseSpan);
  const clamp = (v: number, max: number) => Math.min(max, v + 1);
  return {
    gate: WHEEL[index % 64]!,
    line: clamp(line, 6),
    color: clamp(color, 6),
    tone: clamp(tone, 6),
    base: clamp(base, 5),
  };
}

function activations(utc: Date): Activation[] {
  const lon = (p: Point) => longitude(p, utc);
  const sun = lon("Sun");
  const node = lon("North Node");
  const values: Record<HdBody, number> = {
    Sun: sun,
    Earth: norm360(sun + 180),
    "North Node": node,
    "South Node": norm360(node + 180),
    Moon: lon("Moon"),
    Mercury: lon("Mercury"),
    Venus: lon("Venus"),
    Mars: lon("Mars"),
    Jupiter: lon("Jupiter"),
    Saturn: lon("Saturn"),
    Uranus: lon("Uranus"),
    Neptune: lon("Neptune"),
    Pluto: lon("Pluto"),
  };
  return HD_BODIES.map((body) => ({ body, longitude: values[body], ...gateOf(values[body]) }));
}

const DAY_MS = 86_400_000;

/**
 * The design moment: when the Sun stood exactly 88° of arc before its birth position. Found by a
 * secant search on the Sun's longitude (it moves 0.95-1.02° a day, so this is 85-93 days earlier),
 * to well under a second of time.
 */
export function designMoment(birthUtc: Date): Date {
  const target = norm360(sunLongitude(birthUtc) - 88);
  const error = (t: number) => diff180(sunLongitude(new Date(t)), target);
  let t0 = birthUtc.getTime() - 88 * DAY_MS;
  let t1 = birthUtc.getTime() - 90 * DAY_MS;
  let e0 = error(t0);
  let e1 = error(t1);
  for (let i = 0; i < 50 && Math.abs(e1) > 1e-8; i++) {
    const next = t1 - (e1 * (t1 - t0)) / (e1 - e0);
    t0 = t1;
    e0 = e1;
    t1 = next;
    e1 = error(t1);
  }
  return new Date(Math.round(t1));
}

export function humanDesignChart(birthUtc: Date): HumanDesignChart {
  const designUtc = designMoment(birthUtc);
  const personality = activations(birthUtc);
  const design = activations(designUtc);

  const gateSides = new Map<number, { personality: boolean; design: boolean }>();
  for (const [list, side] of [
    [personality, "personality"],
    [design, "design"],
  ] as const) {
    for (const a of list) {
      const entry = gateSides.get(a.gate) ?? { personality: false, design: false };
      entry[side] = true;
      gateSides.set(a.gate, entry);
    }
  }
  const gates = [...gateSides.entries()]
    .sort(([a], [b]) => a - b)
    .map(([gate, sides]) => ({ gate, center: GATE_CENTER[gate]!, ...sides }));

  const channels = CHANNELS.filter((c) => gateSides.has(c.gates[0]) && gateSides.has(c.gates[1])).map((c) => ({
    gates: c.gates,
    name: c.name,
    centers: [GATE_CENTER[c.gates[0]]!, GATE_CENTER[c.gates[1]]!] as [Center, Center],
  }));
  const definedSet = new Set<Center>(channels.flatMap((c) => c.centers));
  const definedCenters = CENTERS.filter((c) => definedSet.has(c));

  const components = connectedComponents(definedCenters, channels);
  const componentOf = (center: Center) => components.findIndex((set) => set.has(center));
  const connected = (a: Center, b: Center) =>
    definedSet.has(a) && definedSet.has(b) && componentOf(a) === componentOf(b);

  const motorToThroat = MOTORS.some((m) => connected(m, "Throat"));
  const sacral = definedSet.has("Sacral");
  const type: HdType =
    definedCenters.length === 0
      ? "Reflector"
      : sacral
        ? motorToThroat
          ? "Manifesting Generator"
          : "Generator"
        : motorToThroat
          ? "Manifestor"
          : "Projector";

  const hasChannel = (a: number, b: number) => channels.some((c) => c.gates.includes(a) && c.gates.includes(b));
  let authority: Authority;
  if (type === "Reflector") authority = "Lunar";
  else if (definedSet.has("Solar Plexus")) authority = "Emotional";
  else if (sacral) authority = "Sacral";
  else if (definedSet.has("Spleen")) authority = "Splenic";
  else if (definedSet.has("Heart")) authority = hasChannel(21, 45) ? "Ego Manifested" : "Ego Projected";
  else if (connected("G", "Throat")) authority = "Self-Projected";
  else authority = "Mental (Environmental)";

  const [pSun, pEarth] = [personality[0]!, personality[1]!];
  const [dSun, dEarth] = [design[0]!, design[1]!];
  const angle = crossAngle(pSun.line, dSun.line);
  const crossGates: [number, number, number, number] = [pSun.gate, pEarth.gate, dSun.gate, dEarth.gate];
  const name = crossName(angle, pSun.gate);

  return {
    personalityUtc: birthUtc.toISOString(),
    designUtc: designUtc.toISOString(),
    personality,
    design,
    gates,
    channels,
    definedCenters,
    type,
    strategy: STRATEGY[type],
    authority,
    profile: `${pSun.line}/${dSun.line}`,
    definition: DEFINITIONS[Math.min(components.length, 4)]!,
    incarnationCross: {
      angle,
      name,
      gates: crossGates,
      label: `${name} (${crossGates[0]}/${crossGates[1]} | ${crossGates[2]}/${crossGates[3]})`,
    },
  };
}

const STRATEGY: Record<HdType, string> = {
  Generator: "To Respond",
  "Manifesting Generator": "To Respond, then Inform",
  Manifestor: "To Inform",
  Projector: "Wait for the Invitation",
  Reflector: "Wait a Lunar Cycle",
};

const DEFINITIONS: Definition[] = ["None", "Single", "Split", "Triple Split", "Quadruple Split"];

function connectedComponents(centers: Center[], channels: Array<{ centers: [Center, Center] }>): Array<Set<Center>> {
  const components: Array<Set<Center>> = [];
  const seen = new Set<Center>();
  for (const start of centers) {
    if (seen.has(start)) continue;
    const component = new Set<Center>([start]);
    const queue = [start];
    seen.add(start);
    while (queue.length) {
      const current = queue.shift()!;
      for (const {
        centers: [a, b],
      } of channels) {
        const other = a === current ? b : b === current ? a : null;
        if (other && !seen.has(other)) {
          seen.add(other);
          component.add(other);
          queue.push(other);
        }
      }
    }
    components.push(component);
  }
  return components;
}
