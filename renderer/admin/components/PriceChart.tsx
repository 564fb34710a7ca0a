import { Box, Typography } from '@mui/material';
import { Area, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

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

const PALETTE = ['#2f5d8a', '#3c8d6b', '#c28a2c', '#8a4f9e', '#b5493f', '#4a9bb0'];
export const colourOf = (i: number) => PALETTE[i % PALETTE.length]!;
/** A tariff's colour, picked from its id, so it keeps one colour on every chart. */
export function colourFor(id: string): string {
  let h = 0;
  for (const c of id) h = (h * 31 + c.charCodeAt(0)) >>> 0;
  return colourOf(h);
}

/** Tick labels that suit the window: times for a few days, dates with hours for two weeks, dates beyond. */
function tickFormat(zone: string, span: number): (t: number) => string {
  const day = 86_400_000;
  const opts: Intl.DateTimeFormatOptions =
    span <= 3 * day
      ? { weekday: 'short', hour: '2-digit', minute: '2-digit' }
      : span <= 14 * day
        ? { day: 'numeric', month: 'short', hour: '2-digit' }
        : { day: 'numeric', month: 'short', year: '2-digit' };
  const f = new Intl.DateTimeFormat('en-GB', { timeZone: zone, ...opts });
  return (t) => f.format(t);
}

/** Step series of a price window: stacked components, the total, and confidence on its own axis. */
export function PriceChart({
  points,
  components,
  zone,
  height = 300,
  label,
  unit = 'per kWh',
}: {
  points: ChartPoint[];
  components: ChartSeries[];
  zone: string;
  height?: number;
  label: string;
  /** The price axis's unit, e.g. EUR/kWh. */
  unit?: string;
}) {
  if (points.length === 0) return <Typography color="text.secondary">No prices for this window.</Typography>;
  const fmt = tickFormat(zone, points.at(-1)!.t - points[0]!.t);
  const tooltipTime = (t: number) =>
    new Intl.DateTimeFormat('en-GB', {
      timeZone: zone,
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      hour: '2-digit',
      minute: '2-digit',
      timeZoneName: 'shortOffset',
    }).format(t);
  const avg =
    points.reduce((s, p, i) => s + p.total * ((points[i + 1]?.t ?? p.t) - p.t), 0) /
    Math.max(1, points.at(-1)!.t - points[0]!.t);
  return (
    <Box role="img" aria-label={label} data-average={avg.toFixed(5)} data-points={points.length}>
      <ResponsiveContainer width="100%" height={height}>
        <ComposedChart data={points} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e3e7eb" />
          <XAxis
            dataKey="t"
            type="number"
            scale="time"
            domain={['dataMin', 'dataMax']}
            tickFormatter={fmt}
            minTickGap={40}
            fontSize={11}
          />
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
          <Tooltip labelFormatter={(t) => tooltipTime(Number(t))} formatter={(v) => Number(v).toFixed(5)} />
          <Legend />
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
          <Line
            yAxisId="c"
            type="stepAfter"
            dataKey="confidence"
            name="Confidence"
            stroke="#b5493f"
            strokeDasharray="4 3"
            dot={false}
            isAnimationActive={false}
          />
        </ComposedChart>
      </ResponsiveContainer>
      <Typography variant="caption" color="text.secondary">
        Time-weighted average: {avg.toFixed(5)} {unit}
      </Typography>
    </Box>
  );
}
