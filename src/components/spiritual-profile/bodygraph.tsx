import type { HumanDesignChart } from "@/server/charts/human-design";
import type { Center } from "@/server/charts/human-design-data";

/** Center positions and shapes on a 300 x 440 canvas, in the usual bodygraph layout. */
const CENTER_SHAPES: Record<Center, { x: number; y: number; shape: "up" | "down" | "square" | "diamond" | "left" | "right" | "heart" }> = {
  Head: { x: 150, y: 40, shape: "up" },
  Ajna: { x: 150, y: 105, shape: "down" },
  Throat: { x: 150, y: 170, shape: "square" },
  G: { x: 150, y: 240, shape: "diamond" },
  Heart: { x: 205, y: 270, shape: "heart" },
  Sacral: { x: 150, y: 330, shape: "square" },
  "Solar Plexus": { x: 245, y: 330, shape: "left" },
  Spleen: { x: 55, y: 330, shape: "right" },
  Root: { x: 150, y: 400, shape: "square" },
};
const CENTER_COLOR: Record<Center, string> = {
  Head: "#fde047", Ajna: "#86efac", Throat: "#d6a77a", G: "#fde047", Heart: "#f87171", Sacral: "#f87171", "Solar Plexus": "#d6a77a", Spleen: "#d6a77a", Root: "#d6a77a",
};

function shapePath(shape: (typeof CENTER_SHAPES)[Center]["shape"], x: number, y: number): string {
  const s = 26;
  switch (shape) {
    case "up":
      return `M${x},${y - s} L${x + s},${y + s * 0.8} L${x - s},${y + s * 0.8} Z`;
    case "down":
      return `M${x - s},${y - s * 0.8} L${x + s},${y - s * 0.8} L${x},${y + s} Z`;
    case "diamond":
      return `M${x},${y - s} L${x + s},${y} L${x},${y + s} L${x - s},${y} Z`;
    case "left":
      return `M${x - s},${y} L${x + s * 0.8},${y - s} L${x + s * 0.8},${y + s} Z`;
    case "right":
      return `M${x + s},${y} L${x - s * 0.8},${y - s} L${x - s * 0.8},${y + s} Z`;
    case "heart":
      return `M${x - 16},${y + 12} L${x + 16},${y + 12} L${x},${y - 16} Z`;
    default:
      return `M${x - s},${y - s * 0.8} h${2 * s} v${1.6 * s} h${-2 * s} Z`;
  }
}

/** The bodygraph: defined centers coloured, defined channels drawn solid, activated gates listed per center. */
export function Bodygraph({ chart }: { chart: HumanDesignChart }) {
  const defined = new Set(chart.definedCenters);
  const gatesByCenter = new Map<Center, number[]>();
  for (const g of chart.gates) gatesByCenter.set(g.center, [...(gatesByCenter.get(g.center) ?? []), g.gate]);
  return (
    <svg viewBox="0 0 300 440" role="img" aria-labelledby="bodygraph-title" className="mx-auto w-full max-w-xs">
      <title id="bodygraph-title">{`Bodygraph: ${chart.type}; defined centers: ${chart.definedCenters.join(", ") || "none"}; channels: ${chart.channels.map((c) => c.gates.join("-")).join(", ") || "none"}`}</title>
      {chart.channels.map((channel) => {
        const [a, b] = channel.centers.map((center) => CENTER_SHAPES[center]);
        return <line key={channel.gates.join("-")} x1={a!.x} y1={a!.y} x2={b!.x} y2={b!.y} stroke="#1f2937" strokeWidth={6} strokeLinecap="round" data-channel={channel.gates.join("-")} />;
      })}
      {(Object.keys(CENTER_SHAPES) as Center[]).map((center) => {
        const { x, y, shape } = CENTER_SHAPES[center];
        const gates = gatesByCenter.get(center) ?? [];
        return (
          <g key={center} data-center={center} data-defined={defined.has(center)}>
            <path d={shapePath(shape, x, y)} fill={defined.has(center) ? CENTER_COLOR[center] : "#ffffff"} stroke="#374151" strokeWidth={1.5} />
            <text x={x} y={y} textAnchor="middle" dominantBaseline="central" fontSize={9} fill="#111827">
              {gates.join(" ")}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
