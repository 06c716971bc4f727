import { useLayoutEffect, useRef, useState } from "react";

/**
 * A horizontal bar chart drawn as plain SVG: one row per category (an AE, a customer, a voyage), its series either
 * stacked into one bar or side by side. Horizontal, because the categories are names, and names read best
 * on the left of their bar; a long list of AEs only makes the chart taller. No chart library: this is all
 * the reports need, and the bundle stays as it is.
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
}

const LABEL_WIDTH_MAX = 200;
const VALUE_GAP = 40;
const AXIS_HEIGHT = 20;
const STACK_BAR = 18;
const GROUP_BAR = 9;
const ROW_GAP = 8;

/** A step of 1, 2 or 5 times a power of ten that splits `max` into about five whole-number ticks. */
export function tickStep(max: number): number {
  if (max <= 5) return 1;
  const raw = max / 5;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw) ?? 10 * power;
  return Math.max(1, step);
}

function useWidth(initial: number) {
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(initial);
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.floor(entry!.contentRect.width)));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return [box, width] as const;
}

export function BarChart({ categories, series, mode = "stacked", title, testId, onSelect }: BarChartProps) {
  const [box, width] = useWidth(640);
  const stacked = mode === "stacked";
  const barBand = stacked ? STACK_BAR : series.length * GROUP_BAR;
  const rowHeight = barBand + ROW_GAP;
  const labelWidth = Math.min(LABEL_WIDTH_MAX, Math.max(90, Math.floor(width * 0.25)));
  const plotWidth = Math.max(80, width - labelWidth - VALUE_GAP);

  const sum = (c: BarCategory) => series.reduce((total, s) => total + (c.values[s.key] ?? 0), 0);
  const peak = Math.max(0, ...categories.map((c) => (stacked ? sum(c) : Math.max(0, ...series.map((s) => c.values[s.key] ?? 0)))));
  const step = tickStep(peak);
  const top = Math.max(step, Math.ceil(peak / step) * step);
  const ticks = Array.from({ length: Math.round(top / step) + 1 }, (_, i) => i * step);
  const x = (value: number) => (value / top) * plotWidth;
  const height = AXIS_HEIGHT + categories.length * rowHeight + 4;

  return (
    <div ref={box} data-testid={testId} style={{ width: "100%" }}>
      <div role="list" aria-label={`${title}: legend`} style={{ display: "flex", flexWrap: "wrap", gap: "4px 14px", fontSize: 12, marginBottom: 6 }}>
        {series.map((s) => (
          <span role="listitem" key={s.key} style={{ display: "inline-flex", alignItems: "center", gap: 5 }}>
            <span aria-hidden="true" style={{ width: 10, height: 10, borderRadius: 2, background: s.color, display: "inline-block" }} />
            {s.label}
          </span>
        ))}
      </div>
      <svg width={width} height={height} role="img" aria-label={title} style={{ display: "block", fontSize: 11, overflow: "visible" }}>
        <title>{title}</title>
        {/* The scale along the top, with a faint line down the plot at each tick. */}
        <g transform={`translate(${labelWidth},0)`}>
          {ticks.map((tick) => (
            <g key={tick} transform={`translate(${x(tick)},0)`}>
              <text y={12} textAnchor="middle" fill="currentColor" opacity={0.7}>{tick}</text>
              <line y1={AXIS_HEIGHT - 4} y2={height} style={{ stroke: "var(--lading-border)" }} />
            </g>
          ))}
        </g>
        {categories.map((c, row) => {
          const y = AXIS_HEIGHT + row * rowHeight + ROW_GAP / 2;
          const total = sum(c);
          const select = onSelect ? () => onSelect(c) : undefined;
          // A selectable bar is reachable by keyboard too, like any other control on the page.
          const interactive = select
            ? {
              role: "button",
              tabIndex: 0,
              style: { cursor: "pointer" },
              onKeyDown: (e: React.KeyboardEvent) => {
                if (e.key === "Enter" || e.key === " ") {
                  e.preventDefault();
                  select();
                }
              },
            }
            : {};
          let offset = 0;
          return (
            <g key={c.id} data-testid={`${testId}-bar-${c.id}`} onClick={select} {...interactive}>
              <title>{`${c.label}: ${series.map((s) => `${s.label} ${c.values[s.key] ?? 0}`).join(", ")}`}</title>
              <text x={labelWidth - 8} y={y + barBand / 2} dominantBaseline="middle" textAnchor="end" fill="currentColor">
                {clip(c.label, labelWidth - 12)}
              </text>
              {series.map((s, i) => {
                const value = c.values[s.key] ?? 0;
                if (value <= 0) return null;
                if (stacked) {
                  const rect = <rect key={s.key} x={labelWidth + x(offset)} y={y} width={Math.max(1, x(value))} height={STACK_BAR} fill={s.color} />;
                  offset += value;
                  return rect;
                }
                const barY = y + i * GROUP_BAR;
                return (
                  <g key={s.key}>
                    <rect x={labelWidth} y={barY} width={Math.max(1, x(value))} height={GROUP_BAR - 1} fill={s.color} />
                    <text x={labelWidth + x(value) + 4} y={barY + GROUP_BAR / 2} dominantBaseline="middle" fill="currentColor" fontSize={10}>
                      {value}
                    </text>
                  </g>
                );
              })}
              {stacked && total > 0 && (
                <text x={labelWidth + x(total) + 5} y={y + STACK_BAR / 2} dominantBaseline="middle" fill="currentColor" fontWeight={600}>
                  {total}
                </text>
              )}
            </g>
          );
        })}
      </svg>
    </div>
  );
}

/** Shortens a label to about what fits in `pixels` at the chart's font size; the bar's tooltip has it whole. */
function clip(label: string, pixels: number): string {
  const fits = Math.max(4, Math.floor(pixels / 6.2));
  return label.length <= fits ? label : `${label.slice(0, fits - 1)}…`;
}
