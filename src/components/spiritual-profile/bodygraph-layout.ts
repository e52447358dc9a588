import type { Center } from "@/features/charts/human-design-data";

type Point = readonly [number, number];

/** Half the size of a center's shape on the 300 x 440 canvas. */
const S = 26;

/** Center positions and shapes, in the usual bodygraph layout. */
export const CENTER_POSITIONS: Record<Center, { x: number; y: number }> = {
  Head: { x: 150, y: 40 },
  Ajna: { x: 150, y: 105 },
  Throat: { x: 150, y: 170 },
  G: { x: 150, y: 240 },
  Heart: { x: 205, y: 270 },
  Sacral: { x: 150, y: 330 },
  "Solar Plexus": { x: 245, y: 330 },
  Spleen: { x: 55, y: 330 },
  Root: { x: 150, y: 400 },
};

/** Each center's outline as a polygon: triangles up (Head) and down (Ajna), a diamond (G), squares, side triangles. */
export function centerPolygon(center: Center): Point[] {
  const { x, y } = CENTER_POSITIONS[center];
  switch (center) {
    case "Head":
      return [
        [x, y - S],
        [x + S, y + S * 0.8],
        [x - S, y + S * 0.8],
      ];
    case "Ajna":
      return [
        [x - S, y - S * 0.8],
        [x + S, y - S * 0.8],
        [x, y + S],
      ];
    case "G":
      return [
        [x, y - S],
        [x + S, y],
        [x, y + S],
        [x - S, y],
      ];
    case "Solar Plexus":
      return [
        [x - S, y],
        [x + S * 0.8, y - S],
        [x + S * 0.8, y + S],
      ];
    case "Spleen":
      return [
        [x + S, y],
        [x - S * 0.8, y - S],
        [x - S * 0.8, y + S],
      ];
    case "Heart":
      return [
        [x - 22, y + 16],
        [x + 22, y + 16],
        [x, y - 20],
      ];
    default:
      return [
        [x - S, y - S * 0.8],
        [x + S, y - S * 0.8],
        [x + S, y + S * 0.8],
        [x - S, y + S * 0.8],
      ];
  }
}

/** The inside of a convex polygon along the horizontal line at `y`: [left, right], or null outside it. */
function spanAt(polygon: Point[], y: number): [number, number] | null {
  const xs: number[] = [];
  polygon.forEach(([x1, y1], i) => {
    const [x2, y2] = polygon[(i + 1) % polygon.length]!;
    if (y < Math.min(y1, y2) || y > Math.max(y1, y2) || y1 === y2) return;
    xs.push(x1 + ((y - y1) * (x2 - x1)) / (y2 - y1));
  });
  return xs.length >= 2 ? [Math.min(...xs), Math.max(...xs)] : null;
}

export interface GateLine {
  text: string;
  x: number;
  y: number;
  fontSize: number;
  /** The line's estimated box, for checking that it stays inside the shape. */
  width: number;
  height: number;
}

/** Digits are about 0.6 em wide in the sans-serif fonts a browser draws SVG text with; a little more, to be safe. */
const DIGIT_EM = 0.62;
const MARGIN = 2;

const lineWidth = (numbers: number[], fontSize: number) => numbers.join(" ").length * DIGIT_EM * fontSize;

/**
 * A center's activated gate numbers as lines of text that stay inside its outline (in the
 * Ajna's downward triangle one centred line crossed its edges). Lines are cut where the shape is wide
 * enough for them, in the band of the shape closest to its middle; the type shrinks if they do not fit.
 */
export function layoutGates(center: Center, gates: number[]): GateLine[] {
  if (gates.length === 0) return [];
  const polygon = centerPolygon(center);
  const top = Math.min(...polygon.map(([, y]) => y));
  const bottom = Math.max(...polygon.map(([, y]) => y));
  const middle = CENTER_POSITIONS[center].y;
  for (let fontSize = 9; fontSize >= 5; fontSize--) {
    const height = fontSize * 1.15;
    // The rows the shape has room for, each with the span both its top and bottom edges allow.
    const rows: Array<{ y: number; left: number; right: number }> = [];
    for (let rowTop = top + MARGIN; rowTop + height <= bottom - MARGIN; rowTop += height) {
      const a = spanAt(polygon, rowTop);
      const b = spanAt(polygon, rowTop + height);
      if (!a || !b) continue;
      rows.push({ y: rowTop + height / 2, left: Math.max(a[0], b[0]) + MARGIN, right: Math.min(a[1], b[1]) - MARGIN });
    }
    const fill = (from: number, to: number): number[][] | null => {
      const lines: number[][] = [];
      let next = 0;
      for (let r = from; r <= to; r++) {
        const line: number[] = [];
        while (next < gates.length && lineWidth([...line, gates[next]!], fontSize) <= rows[r]!.right - rows[r]!.left)
          line.push(gates[next++]!);
        lines.push(line);
      }
      return next === gates.length ? lines : null;
    };
    // The fewest rows that hold every number, nearest the middle of the shape.
    for (let count = 1; count <= rows.length; count++) {
      const windows = rows
        .slice(0, rows.length - count + 1)
        .map((_, from) => from)
        .sort(
          (a, b) =>
            Math.abs((rows[a]!.y + rows[a + count - 1]!.y) / 2 - middle) -
            Math.abs((rows[b]!.y + rows[b + count - 1]!.y) / 2 - middle),
        );
      for (const from of windows) {
        const lines = fill(from, from + count - 1);
        if (!lines) continue;
        return lines
          .map((line, i) => ({ line, row: rows[from + i]! }))
          .filter(({ line }) => line.length > 0)
          .map(({ line, row }) => ({
            text: line.join(" "),
            x: (row.left + row.right) / 2,
            y: row.y,
            fontSize,
            width: lineWidth(line, fontSize),
            height,
          }));
      }
    }
  }
  // More gates than any center has: one small line rather than none.
  const { x, y } = CENTER_POSITIONS[center];
  return [{ text: gates.join(" "), x, y, fontSize: 5, width: lineWidth(gates, 5), height: 5.75 }];
}
