import { CENTERS, GATE_CENTER, type Center } from "@/features/charts/human-design-data";
import { centerPolygon, layoutGates } from "./bodygraph-layout";

/** Inside a convex polygon: the point is on the same side of every edge (cross products of one sign). */
function inside(polygon: ReadonlyArray<readonly [number, number]>, [px, py]: [number, number]): boolean {
  const signs = polygon.map(([x1, y1], i) => {
    const [x2, y2] = polygon[(i + 1) % polygon.length]!;
    return Math.sign((x2 - x1) * (py - y1) - (y2 - y1) * (px - x1));
  });
  return signs.every((s) => s >= 0) || signs.every((s) => s <= 0);
}

const gatesOf = (center: Center) =>
  Object.entries(GATE_CENTER)
    .filter(([, c]) => c === center)
    .map(([gate]) => Number(gate));

describe("the bodygraph's gate numbers", () => {
  it.each(CENTERS.map((center) => [center]))("stay inside the %s's outline, from one gate to all of them", (center) => {
    const all = gatesOf(center);
    for (let n = 1; n <= all.length; n++) {
      const lines = layoutGates(center, all.slice(0, n));
      expect(lines.flatMap((l) => l.text.split(" ")).map(Number)).toEqual(all.slice(0, n));
      for (const line of lines) {
        const corners: Array<[number, number]> = [
          [line.x - line.width / 2, line.y - line.height / 2],
          [line.x + line.width / 2, line.y - line.height / 2],
          [line.x - line.width / 2, line.y + line.height / 2],
          [line.x + line.width / 2, line.y + line.height / 2],
        ];
        for (const corner of corners)
          expect([center, n, line.text, corner, inside(centerPolygon(center), corner)]).toEqual([
            center,
            n,
            line.text,
            corner,
            true,
          ]);
      }
    }
  });

  it("breaks the Ajna's six gates into lines that narrow with its triangle", () => {
    const lines = layoutGates("Ajna", [47, 24, 4, 17, 43, 11]);
    expect(lines.length).toBeGreaterThan(1);
    for (let i = 1; i < lines.length; i++) expect(lines[i]!.width).toBeLessThanOrEqual(lines[i - 1]!.width);
    expect(layoutGates("Ajna", [])).toEqual([]);
  });
});
