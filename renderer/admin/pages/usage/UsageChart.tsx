import { Box, Typography } from '@mui/material';
import { Area, CartesianGrid, ComposedChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { fittedTicks, timeAxisProps } from '../../chart-ticks';
import { colourOf, tooltipTimeIn, useWidth } from '../../components/PriceChart';
import type { UsageSeries } from './records';

/** kWh as the page writes energy: "12.35 kWh". */
export const kwhText = (v: number, digits = 2) =>
  `${v.toLocaleString('en-GB', { minimumFractionDigits: digits, maximumFractionDigits: digits })} kWh`;

/**
 * The meter records as energy per quarter hour, hour or day, a step area in the price charts'
 * style: time ticks on round wall times in the location's zone, fitted to the chart's width.
 */
export function UsageChart({ series, zone, height = 260 }: { series: UsageSeries; zone: string; height?: number }) {
  const [measure, width] = useWidth();
  const { points } = series;
  const from = points[0]!.t;
  const to = points.at(-1)!.t;
  // About one label per 90 px of plot (the energy axis takes ~70 px).
  const fitted = fittedTicks(zone, from, to, width, 70);
  // The window's own end is the plot's right edge, where its label would be cut in half.
  const axis = { ...fitted, ticks: fitted.ticks.filter((t) => t < to) };
  const when = tooltipTimeIn(zone);
  const unit = `kWh per ${series.unit}`;
  return (
    <Box
      ref={measure}
      role="img"
      aria-label="Meter records chart"
      data-points={points.length - 1}
      data-unit={series.unit}
      data-total={series.total_kwh.toFixed(6)}
      data-ticks={axis.ticks.map((t) => new Date(t).toISOString()).join(' ')}
    >
      <ResponsiveContainer width="100%" height={height}>
        <ComposedChart data={points} margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e3e7eb" />
          <XAxis {...timeAxisProps(axis)} />
          <YAxis
            fontSize={11}
            width={64}
            label={{ value: unit, angle: -90, position: 'insideLeft', fontSize: 11, offset: 8, dy: 40 }}
          />
          <Tooltip labelFormatter={(t) => when(Number(t))} formatter={(v) => [kwhText(Number(v), 3), unit]} />
          <Area
            type="stepAfter"
            dataKey="kwh"
            name="Energy"
            stroke={colourOf(0)}
            fill={colourOf(0)}
            fillOpacity={0.35}
            isAnimationActive={false}
          />
        </ComposedChart>
      </ResponsiveContainer>
      <Typography variant="caption" color="text.secondary">
        Energy per {series.unit}, {zone} time. A record longer than that is spread evenly over the time it covers.
      </Typography>
    </Box>
  );
}
