import type { KeyboardEvent } from "react";
import { Bar, BarChart as Chart, CartesianGrid, LabelList, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";

/**
 * A horizontal bar chart on Recharts: one row per category (an AE, a customer, a voyage), its series either
 * stacked into one bar or side by side. Horizontal, because the categories are names, and names read best on
 * the left of their bar; a long list of AEs only makes the chart taller. Recharts is loaded only with the
 * report screens that draw a chart (each a lazy page), never with the sign-in page.
 *
 * Each category's label carries the category's figures as its tooltip (`<title>`) and, when `onSelect` is given,
 * is a button: clicking it or its bar, or Enter on it, selects the category.
 */

export interface BarSeries {
  key: string;
  label: string;
  color: string;
}

export interface BarCategory {
  id: string;
  label: string;
  values: Record<string, number>;
}

export interface BarChartProps {
  categories: readonly BarCategory[];
  series: readonly BarSeries[];
  mode?: "stacked" | "grouped";
  /** What the chart shows, for screen readers. */
  title: string;
  testId: string;
  /** Clicking a category's bar or label; leaving it out makes the bars plain. */
  onSelect?: (category: BarCategory) => void;
  /** How a figure is written on the scale, beside a bar and in the tooltips (whole numbers as they are by default). */
  format?: (value: number) => string;
}

const LABEL_WIDTH = 190;
const STACK_BAR = 18;
const GROUP_BAR = 9;
const ROW_GAP = 10;
const AXIS_HEIGHT = 26;
const LEGEND_HEIGHT = 24;

const plain = (value: number) => String(value);

/** Shortens a label to about what fits in `pixels` at the chart's font size; the label's tooltip has it whole. */
function clip(label: string, pixels: number): string {
  const fits = Math.max(4, Math.floor(pixels / 6.2));
  return label.length <= fits ? label : `${label.slice(0, fits - 1)}…`;
}

export function BarChart({ categories, series, mode = "stacked", title, testId, onSelect, format = plain }: BarChartProps) {
  const stacked = mode === "stacked";
  const rows = categories.map((c) => ({
    id: c.id,
    label: c.label,
    ...Object.fromEntries(series.map((s) => [s.key, c.values[s.key] ?? 0])),
    total: series.reduce((sum, s) => sum + (c.values[s.key] ?? 0), 0),
  }));
  const byId = new Map(categories.map((c) => [c.id, c]));
  const bandHeight = (stacked ? STACK_BAR : series.length * GROUP_BAR) + ROW_GAP;
  const height = LEGEND_HEIGHT + AXIS_HEIGHT + Math.max(1, categories.length) * bandHeight + 12;
  const summary = (c: BarCategory) => `${c.label}: ${series.map((s) => `${s.label} ${format(c.values[s.key] ?? 0)}`).join(", ")}`;

  // The category's label: the element that names the category (its figures in the tooltip) and selects it.
  const CategoryTick = (props: { x?: number | string; y?: number | string; payload?: { value?: unknown } }) => {
    const category = byId.get(String(props.payload?.value ?? ""));
    if (!category) return null;
    const select = onSelect ? () => onSelect(category) : undefined;
    const interactive = select
      ? {
        role: "button",
        tabIndex: 0,
        style: { cursor: "pointer" },
        onClick: select,
        onKeyDown: (e: KeyboardEvent) => {
          if (e.key === "Enter" || e.key === " ") {
            e.preventDefault();
            select();
          }
        },
      }
      : {};
    return (
      <g transform={`translate(${props.x ?? 0},${props.y ?? 0})`} data-testid={`${testId}-bar-${category.id}`} {...interactive}>
        <title>{summary(category)}</title>
        <text x={-6} dy="0.32em" textAnchor="end" fill="currentColor" fontSize={11}>{clip(category.label, LABEL_WIDTH - 12)}</text>
      </g>
    );
  };

  return (
    <div data-testid={testId} role="img" aria-label={title} style={{ width: "100%", fontSize: 11 }}>
      <ResponsiveContainer width="100%" height={height} initialDimension={{ width: 640, height }}>
        <Chart
          data={rows}
          layout="vertical"
          margin={{ top: 4, right: 56, bottom: 0, left: 0 }}
          barGap={1}
          barCategoryGap={ROW_GAP / 2}
          accessibilityLayer={false}
        >
          <CartesianGrid horizontal={false} stroke="var(--lading-border)" />
          <XAxis type="number" orientation="top" tickFormatter={format} allowDecimals={false} stroke="currentColor" fontSize={11} />
          <YAxis type="category" dataKey="id" width={LABEL_WIDTH} tick={CategoryTick} interval={0} stroke="currentColor" />
          <Tooltip
            formatter={(value) => format(Number(value))}
            labelFormatter={(id) => byId.get(String(id))?.label ?? String(id)}
            cursor={{ fill: "var(--lading-border)", fillOpacity: 0.3 }}
            isAnimationActive={false}
          />
          <Legend verticalAlign="top" align="left" iconType="square" iconSize={10} height={LEGEND_HEIGHT} itemSorter={null} />
          {series.map((s, i) => (
            <Bar
              key={s.key}
              dataKey={s.key}
              name={s.label}
              fill={s.color}
              stackId={stacked ? "all" : undefined}
              barSize={stacked ? STACK_BAR : GROUP_BAR - 1}
              isAnimationActive={false}
              cursor={onSelect ? "pointer" : undefined}
              onClick={onSelect ? (entry: { payload?: { id?: string } }) => {
                const category = byId.get(entry.payload?.id ?? "");
                if (category) onSelect(category);
              } : undefined}
            >
              {/* The stack's total beside its last part; each bar's own figure when side by side. */}
              {stacked && i === series.length - 1 && <LabelList dataKey="total" position="right" formatter={(v: unknown) => format(Number(v))} fill="currentColor" fontWeight={600} />}
              {!stacked && <LabelList dataKey={s.key} position="right" formatter={(v: unknown) => (Number(v) > 0 ? format(Number(v)) : "")} fill="currentColor" fontSize={10} />}
            </Bar>
          ))}
        </Chart>
      </ResponsiveContainer>
    </div>
  );
}
