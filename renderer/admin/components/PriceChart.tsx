import { useEffect, useState } from 'react';
import { Box, Typography } from '@mui/material';
import {
  Area,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  ReferenceArea,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { fittedTicks, timeAxisProps } from '../chart-ticks';

export interface ChartSeries {
  key: string;
  label: string;
  colour: string;
}

export interface ChartPoint {
  t: number;
  total: number;
  confidence: number;
  [component: string]: number;
}

/** The Confidence line's colour: red is kept for it alone, so no tariff is ever drawn in it. */
export const CONFIDENCE_COLOUR = '#b5493f';
/** Tariff colours, told apart from each other and from the Confidence red (no red, pink or orange-red). */
const PALETTE = ['#2f5d8a', '#3c8d6b', '#c28a2c', '#8a4f9e', '#4a9bb0', '#6b7a2a', '#5a5f6b', '#2a8f8a'];
export const colourOf = (i: number) => PALETTE[i % PALETTE.length]!;
/** The shade of periods marked on the chart (a schedule's chosen time). */
export const HIGHLIGHT_COLOUR = '#2e7d4f';

/** A span of time marked on the chart, `[from, to)` epoch ms. */
export interface ChartSpan {
  from: number;
  to: number;
}

type Stackable = { id: string; type: string };
const TYPE_ORDER: Record<string, number> = { COMMODITY: 0, NON_COMMODITY: 1 };
/** The one stacking order of both charts: supply first, then grid fees, each by id; stable as tariffs come and go elsewhere. */
export const stackOrder = (a: Stackable, b: Stackable) =>
  (TYPE_ORDER[a.type] ?? 9) - (TYPE_ORDER[b.type] ?? 9) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * Each of a location's tariffs' colour, by its place in the stacking order among all of the
 * location's tariffs (every direction): the Tariffs preview and the Prices chart, which both read
 * the location's tariff list, give a tariff the same colour, and two tariffs of one location never
 * share one while there are no more of them than colours.
 */
export function tariffColours(tariffs: Stackable[]): Map<string, string> {
  return new Map([...tariffs].sort(stackOrder).map((t, i) => [t.id, colourOf(i)]));
}

/** Width of an element, followed as it resizes (the axis fits its ticks to it). */
export function useWidth(): [(el: HTMLElement | null) => void, number] {
  const [el, setEl] = useState<HTMLElement | null>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    if (!el) return;
    const ro = new ResizeObserver(([e]) => setWidth(e!.contentRect.width));
    ro.observe(el);
    return () => ro.disconnect();
  }, [el]);
  return [setEl, width];
}

/** How a chart's tooltip names an instant: wall time in the location's zone with its offset. */
export const tooltipTimeIn = (zone: string) => (t: number) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: zone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    timeZoneName: 'shortOffset',
  }).format(t);

/** Step series of a price window: stacked components, the total, and confidence on its own axis. */
export function PriceChart({
  points,
  components,
  zone,
  height = 300,
  label,
  unit = 'per kWh',
  highlights = [],
  lines = [],
}: {
  points: ChartPoint[];
  components: ChartSeries[];
  zone: string;
  height?: number;
  label: string;
  /** The price axis's unit, e.g. EUR/kWh. */
  unit?: string;
  /** Periods shaded behind the prices: a schedule's chosen time. */
  highlights?: ChartSpan[];
  /** Dashed step lines over the prices (a tiered tariff's later tiers), keyed into the points. */
  lines?: ChartSeries[];
}) {
  const [measure, width] = useWidth();
  if (points.length === 0) return <Typography color="text.secondary">No prices for this window.</Typography>;
  const from = points[0]!.t;
  const to = points.at(-1)!.t;
  // About one label per 90 px of plot (the price and confidence axes take ~110 px).
  const axis = fittedTicks(zone, from, to, width, 110);
  const tooltipTime = tooltipTimeIn(zone);
  const avg = points.reduce((s, p, i) => s + p.total * ((points[i + 1]?.t ?? p.t) - p.t), 0) / Math.max(1, to - from);
  // Confidence 0 everywhere: no tariff priced any of it, so an average of zeros would mislead.
  const priced = points.some((p) => p.confidence > 0);
  return (
    <Box
      ref={measure}
      role="img"
      aria-label={label}
      data-average={priced ? avg.toFixed(5) : undefined}
      data-points={points.length}
      data-ticks={axis.ticks.map((t) => new Date(t).toISOString()).join(' ')}
      data-lines={lines.map((l) => l.label).join('; ') || undefined}
      data-highlights={highlights
        .map((h) => `${new Date(h.from).toISOString()}/${new Date(h.to).toISOString()}`)
        .join(' ')}
    >
      <ResponsiveContainer width="100%" height={height}>
        <ComposedChart data={points} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e3e7eb" />
          <XAxis {...timeAxisProps(axis)} />
          <YAxis
            yAxisId="p"
            fontSize={11}
            width={64}
            label={{ value: unit, angle: -90, position: 'insideLeft', fontSize: 11, offset: 8 }}
          />
          <YAxis
            yAxisId="c"
            orientation="right"
            domain={[0, 1]}
            fontSize={11}
            width={44}
            label={{ value: 'Confidence', angle: 90, position: 'insideRight', fontSize: 11, offset: 4 }}
          />
          {highlights.map((h) => (
            <ReferenceArea
              key={h.from}
              yAxisId="p"
              x1={Math.max(h.from, from)}
              x2={Math.min(h.to, to)}
              fill={HIGHLIGHT_COLOUR}
              fillOpacity={0.16}
              stroke={HIGHLIGHT_COLOUR}
              strokeOpacity={0.6}
              ifOverflow="hidden"
            />
          ))}
          <Tooltip labelFormatter={(t) => tooltipTime(Number(t))} formatter={(v) => Number(v).toFixed(5)} />
          {/* In drawing order (the stack from the bottom up), not alphabetical. */}
          <Legend itemSorter={null} />
          {components.map((c) => (
            <Area
              key={c.key}
              yAxisId="p"
              type="stepAfter"
              dataKey={c.key}
              name={c.label}
              stackId="c"
              stroke={c.colour}
              fill={c.colour}
              fillOpacity={0.35}
              isAnimationActive={false}
            />
          ))}
          <Line
            yAxisId="p"
            type="stepAfter"
            dataKey="total"
            name="Total"
            stroke="#1c2430"
            strokeWidth={2}
            dot={false}
            isAnimationActive={false}
          />
          {lines.map((l) => (
            <Line
              key={l.key}
              yAxisId="p"
              type="stepAfter"
              dataKey={l.key}
              name={l.label}
              stroke={l.colour}
              strokeWidth={2}
              strokeDasharray="6 4"
              dot={false}
              isAnimationActive={false}
            />
          ))}
          <Line
            yAxisId="c"
            type="stepAfter"
            dataKey="confidence"
            name="Confidence"
            stroke={CONFIDENCE_COLOUR}
            strokeDasharray="4 3"
            dot={false}
            isAnimationActive={false}
          />
        </ComposedChart>
      </ResponsiveContainer>
      <Typography variant="caption" color="text.secondary">
        {priced ? `Time-weighted average: ${avg.toFixed(5)} ${unit}` : 'No price in this window: no tariff covers it.'}
      </Typography>
    </Box>
  );
}
