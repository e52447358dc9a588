"use client";

import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import { formatCents } from "@/lib/format";

export interface Series {
  key: string;
  label: string;
  color: string;
}
export type ChartRow = Record<string, string | number>;
export type ValueFormat = "count" | "cents";

const formatValue = (value: number, format: ValueFormat) =>
  format === "cents" ? formatCents(value) : value.toLocaleString("en-US");

/**
 * One dashboard chart drawn by recharts. It is hidden from screen readers: the figure around it carries
 * the same figures as a table (ChartFigure).
 */
export function Chart({
  kind,
  rows,
  series,
  format = "count",
}: {
  kind: "bar" | "line";
  rows: ChartRow[];
  series: Series[];
  format?: ValueFormat;
}) {
  const Frame = kind === "bar" ? BarChart : LineChart;
  return (
    <div aria-hidden="true" className="h-64 w-full">
      <ResponsiveContainer width="100%" height="100%">
        <Frame data={rows} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
          <CartesianGrid strokeDasharray="3 3" stroke="var(--border)" />
          <XAxis dataKey="label" tick={{ fontSize: 12, fill: "var(--muted-foreground)" }} minTickGap={12} />
          <YAxis
            tick={{ fontSize: 12, fill: "var(--muted-foreground)" }}
            width={format === "cents" ? 72 : 40}
            allowDecimals={false}
            tickFormatter={(value: number) => formatValue(value, format)}
          />
          <Tooltip formatter={(value) => formatValue(Number(value), format)} />
          {series.length > 1 ? <Legend wrapperStyle={{ fontSize: 12 }} /> : null}
          {series.map((s) =>
            kind === "bar" ? (
              <Bar key={s.key} dataKey={s.key} name={s.label} fill={s.color} isAnimationActive={false} />
            ) : (
              <Line
                key={s.key}
                dataKey={s.key}
                name={s.label}
                stroke={s.color}
                strokeWidth={2}
                dot={false}
                isAnimationActive={false}
              />
            ),
          )}
        </Frame>
      </ResponsiveContainer>
    </div>
  );
}
