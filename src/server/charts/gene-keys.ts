import "server-only";
import type { GeneKeysProfile, SequenceName, Sphere } from "@/features/charts/types";
import type { Activation, HdBody, HumanDesignChart } from "@/features/charts/types";

/**
 * Gene Keys profile: the same 64 keys as Human Design gates, read from particular personality (birth)
 * and design (88° before) activations. Core and Vocation are the same sphere's key (design Mars), and
 * Brand repeats Life's Work (personality Sun), as in the Gene Keys Golden Path. The Venus sequence reads
 * Attraction from design Moon, IQ from personality Venus, EQ from personality Mars, SQ from design Venus
 * and Core from design Mars; several independent Gene Keys calculators agree on this mapping (no primary
 * source from the Gene Keys publisher was reachable offline, see docs/decisions/008-spiritual-profile.md).
 */
export const SEQUENCES = {
  activation: [
    ["Life's Work", "personality", "Sun"],
    ["Evolution", "personality", "Earth"],
    ["Radiance", "design", "Sun"],
    ["Purpose", "design", "Earth"],
  ],
  venus: [
    ["Attraction", "design", "Moon"],
    ["IQ", "personality", "Venus"],
    ["EQ", "personality", "Mars"],
    ["SQ", "design", "Venus"],
    ["Core", "design", "Mars"],
  ],
  pearl: [
    ["Vocation", "design", "Mars"],
    ["Culture", "design", "Jupiter"],
    ["Brand", "personality", "Sun"],
    ["Pearl", "personality", "Jupiter"],
  ],
} as const satisfies Record<string, ReadonlyArray<readonly [string, "personality" | "design", HdBody]>>;

export function geneKeysProfile(chart: Pick<HumanDesignChart, "personality" | "design">): GeneKeysProfile {
  const find = (list: Activation[], body: HdBody) => list.find((a) => a.body === body)!;
  const build = (name: SequenceName): Sphere[] =>
    SEQUENCES[name].map(([sphere, side, body]) => {
      const a = find(side === "personality" ? chart.personality : chart.design, body);
      return { sphere, key: a.gate, line: a.line, label: `${a.gate}.${a.line}`, source: { side, body } };
    });
  return { activation: build("activation"), venus: build("venus"), pearl: build("pearl") };
}
