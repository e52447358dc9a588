import type { AstrologyChart } from "@/features/charts/types";

const GLYPH: Record<string, string> = {
  Sun: "☉",
  Moon: "☽",
  Mercury: "☿",
  Venus: "♀",
  Mars: "♂",
  Jupiter: "♃",
  Saturn: "♄",
  Uranus: "♅",
  Neptune: "♆",
  Pluto: "♇",
  "North Node": "☊",
};
const SIGN_GLYPHS = ["♈", "♉", "♊", "♋", "♌", "♍", "♎", "♏", "♐", "♑", "♒", "♓"];
const ASPECT_COLOR: Record<string, string> = {
  conjunction: "#7c3aed",
  sextile: "#2563eb",
  square: "#dc2626",
  trine: "#16a34a",
  opposition: "#b91c1c",
};

/** The natal wheel, drawn with the Ascendant on the left as charts are read. */
export function NatalWheel({ chart }: { chart: AstrologyChart }) {
  const size = 360;
  const c = size / 2;
  // Longitude to screen angle: Ascendant at 180° (left), zodiac running counter-clockwise.
  const point = (lon: number, r: number) => {
    const a = ((180 + lon - chart.ascendant.longitude) * Math.PI) / 180;
    return [c + r * Math.cos(a), c - r * Math.sin(a)] as const;
  };
  const byName = new Map(chart.points.map((p) => [p.name, p]));
  const placed = [...chart.points].sort((a, b) => a.longitude - b.longitude);
  const radii = new Map<string, number>();
  let lastLon = -99;
  let ring = 0;
  for (const p of placed) {
    ring = p.longitude - lastLon < 7 ? (ring + 1) % 3 : 0;
    radii.set(p.name, 118 - ring * 16);
    lastLon = p.longitude;
  }
  return (
    <svg viewBox={`0 0 ${size} ${size}`} role="img" aria-labelledby="wheel-title" className="mx-auto w-full max-w-md">
      <title id="wheel-title">{`Natal wheel: ${chart.ascendant.sign} rising, Sun in ${byName.get("Sun")?.sign}, Moon in ${byName.get("Moon")?.sign}`}</title>
      <circle cx={c} cy={c} r={172} fill="none" stroke="currentColor" strokeOpacity={0.5} />
      <circle cx={c} cy={c} r={144} fill="none" stroke="currentColor" strokeOpacity={0.5} />
      <circle cx={c} cy={c} r={80} fill="none" stroke="currentColor" strokeOpacity={0.3} />
      {SIGN_GLYPHS.map((glyph, i) => {
        const [x1, y1] = point(i * 30, 144);
        const [x2, y2] = point(i * 30, 172);
        const [tx, ty] = point(i * 30 + 15, 158);
        return (
          <g key={glyph}>
            <line x1={x1} y1={y1} x2={x2} y2={y2} stroke="currentColor" strokeOpacity={0.5} />
            <text x={tx} y={ty} textAnchor="middle" dominantBaseline="central" fontSize={14} fill="currentColor">
              {glyph}
            </text>
          </g>
        );
      })}
      {chart.cusps.map((cusp, i) => {
        const [x1, y1] = point(cusp.longitude, 80);
        const [x2, y2] = point(cusp.longitude, 144);
        const angle = i === 0 || i === 9;
        return (
          <line
            key={i}
            x1={x1}
            y1={y1}
            x2={x2}
            y2={y2}
            stroke="currentColor"
            strokeWidth={angle ? 2 : 1}
            strokeOpacity={angle ? 0.9 : 0.35}
          />
        );
      })}
      {chart.aspects
        .filter((a) => a.aspect !== "conjunction")
        .map((a) => {
          const pa = byName.get(a.a);
          const pb = byName.get(a.b);
          if (!pa || !pb) return null;
          const [x1, y1] = point(pa.longitude, 78);
          const [x2, y2] = point(pb.longitude, 78);
          return (
            <line
              key={`${a.a}-${a.b}`}
              x1={x1}
              y1={y1}
              x2={x2}
              y2={y2}
              stroke={ASPECT_COLOR[a.aspect]}
              strokeOpacity={0.6}
            />
          );
        })}
      {chart.points.map((p) => {
        const [x, y] = point(p.longitude, radii.get(p.name) ?? 118);
        return (
          <text
            key={p.name}
            x={x}
            y={y}
            textAnchor="middle"
            dominantBaseline="central"
            fontSize={15}
            fill="currentColor"
          >
            {GLYPH[p.name]}
          </text>
        );
      })}
      <text {...textAt(point(chart.ascendant.longitude, 186))} fontSize={11} fill="currentColor">
        AC
      </text>
      <text {...textAt(point(chart.midheaven.longitude, 186))} fontSize={11} fill="currentColor">
        MC
      </text>
    </svg>
  );
}

function textAt([x, y]: readonly [number, number]) {
  return {
    x: Math.min(350, Math.max(10, x)),
    y: Math.min(352, Math.max(10, y)),
    textAnchor: "middle" as const,
    dominantBaseline: "central" as const,
  };
}
