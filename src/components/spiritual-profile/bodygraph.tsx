import type { HumanDesignChart } from "@/features/charts/types";
import type { Center } from "@/features/charts/human-design-data";
import { CENTER_POSITIONS, centerPolygon, layoutGates } from "./bodygraph-layout";

const CENTER_COLOR: Record<Center, string> = {
  Head: "#fde047",
  Ajna: "#86efac",
  Throat: "#d6a77a",
  G: "#fde047",
  Heart: "#f87171",
  Sacral: "#f87171",
  "Solar Plexus": "#d6a77a",
  Spleen: "#d6a77a",
  Root: "#d6a77a",
};

const pathOf = (polygon: ReadonlyArray<readonly [number, number]>) =>
  `M${polygon.map(([x, y]) => `${x},${y}`).join(" L")} Z`;

/** The bodygraph: defined centers coloured, defined channels drawn solid, activated gates listed per center. */
export function Bodygraph({ chart }: { chart: HumanDesignChart }) {
  const defined = new Set(chart.definedCenters);
  const gatesByCenter = new Map<Center, number[]>();
  for (const g of chart.gates) gatesByCenter.set(g.center, [...(gatesByCenter.get(g.center) ?? []), g.gate]);
  return (
    <svg viewBox="0 0 300 440" role="img" aria-labelledby="bodygraph-title" className="mx-auto w-full max-w-xs">
      <title id="bodygraph-title">{`Bodygraph: ${chart.type}; defined centers: ${chart.definedCenters.join(", ") || "none"}; channels: ${chart.channels.map((c) => c.gates.join("-")).join(", ") || "none"}`}</title>
      {chart.channels.map((channel) => {
        const [a, b] = channel.centers.map((center) => CENTER_POSITIONS[center]);
        return (
          <line
            key={channel.gates.join("-")}
            x1={a!.x}
            y1={a!.y}
            x2={b!.x}
            y2={b!.y}
            stroke="#1f2937"
            strokeWidth={6}
            strokeLinecap="round"
            data-channel={channel.gates.join("-")}
          />
        );
      })}
      {(Object.keys(CENTER_POSITIONS) as Center[]).map((center) => (
        <g key={center} data-center={center} data-defined={defined.has(center)}>
          <path
            d={pathOf(centerPolygon(center))}
            fill={defined.has(center) ? CENTER_COLOR[center] : "#ffffff"}
            stroke="#374151"
            strokeWidth={1.5}
          />
          {layoutGates(center, gatesByCenter.get(center) ?? []).map((line) => (
            <text
              key={line.text}
              x={line.x}
              y={line.y}
              textAnchor="middle"
              dominantBaseline="central"
              fontSize={line.fontSize}
              fill="#111827"
              data-gates={line.text}
            >
              {line.text}
            </text>
          ))}
        </g>
      ))}
    </svg>
  );
}
