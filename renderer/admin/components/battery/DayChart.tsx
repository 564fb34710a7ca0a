import { Box, Typography } from '@mui/material';
import {
  Bar,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { DateTime } from 'luxon';
import { colourOf, useWidth } from '../PriceChart';
import { slotsOf, type BatteryDayCell } from './slots';

export const CHARGE_COLOUR = colourOf(1);
export const DISCHARGE_COLOUR = colourOf(2);
export const SOC_COLOUR = colourOf(0);
const IMPORT_COLOUR = '#1c2430';
const EXPORT_COLOUR = colourOf(3);

const kwh = (v: number) => `${v.toFixed(3)} kWh`;

/**
 * A battery's day: charge (up) and discharge (down) as bars per even slot of wall time (slots.ts), the state of charge as a
 * line, both in kWh on the left axis, over the import (and export) price as steps on the right
 * axis. Hours are wall times in the location's zone, so a clock-change day shows 23 or 25 hours.
 */
export function BatteryDayChart({
  cells,
  zone,
  currency,
  height = 280,
  label = 'Battery day chart',
  end,
  start_soc_kwh,
}: {
  cells: BatteryDayCell[];
  zone: string;
  currency: string;
  height?: number;
  label?: string;
  /** Where the view ends (ISO): a cell running past it is drawn up to it only (its figures stay whole). */
  end?: string;
  /** The state of charge as the first cell starts (the cell before's), so its line rises from there. */
  start_soc_kwh?: number;
}) {
  const [measure, width] = useWidth();
  if (cells.length === 0) return <Typography color="text.secondary">No dispatch for this day.</Typography>;
  const slots = slotsOf(cells, zone, end ? Date.parse(end) : undefined, start_soc_kwh);
  const at = (t: number) => DateTime.fromMillis(t, { zone });
  const days = new Set(slots.map((r) => at(r.start).toISODate())).size;
  // Discharge is drawn below zero so the two directions never stack into one bar.
  const rows = slots.map((r) => ({
    // The slot's start: a unique category (a label alone repeats over two days).
    key: String(r.start),
    // Over more than one day, each midnight says which day it starts.
    label:
      days > 1 && at(r.start).hour === 0 && at(r.start).minute === 0
        ? at(r.start).setLocale('en-GB').toFormat('ccc d')
        : at(r.start).toFormat('HH:mm'),
    when: `${at(r.start).setLocale('en-GB').toFormat('ccc d LLL, HH:mm')}–${at(r.end).toFormat('HH:mm ZZZZ')}`,
    charge: r.charge,
    discharge: -r.discharge,
    soc: r.soc,
    import_price: r.import_price,
    export_price: r.export_price,
  }));
  const prices = cells.some((c) => c.import_price !== undefined);
  const exports = cells.some((c) => c.export_price !== undefined);
  const credits = cells.flatMap((c) => (c.export_price === undefined ? [] : [c.export_price]));
  const charged = cells.reduce((s, c) => s + c.charge_kwh, 0);
  const discharged = cells.reduce((s, c) => s + c.discharge_kwh, 0);
  const socMax = Math.max(...cells.map((c) => c.soc_kwh));
  // About one label per 60 px of plot (the two value axes take ~130 px).
  const labels = Math.max(2, Math.floor(((width || 800) - 130) / 60));
  // Labels on round hours: every 1, 2, 3, 6 or 12 hours, as many as fit.
  const perHour = rows.length > 1 ? Math.round(3_600_000 / (slots[1]!.start - slots[0]!.start)) || 1 : 1;
  const hours = [1, 2, 3, 6, 12, 24].find((h) => rows.length / perHour / h <= labels) ?? 24;
  const labelOf = new Map(rows.map((r) => [r.key, r.label]));
  const ticks = rows.filter((_r, i) => at(slots[i]!.start).minute === 0 && at(slots[i]!.start).hour % hours === 0);
  const unit = `${currency}/kWh`;
  return (
    <Box
      ref={measure}
      role="img"
      aria-label={label}
      data-cells={cells.length}
      data-charged={charged.toFixed(3)}
      data-discharged={discharged.toFixed(3)}
      data-soc-max={socMax.toFixed(3)}
      data-soc-end={cells.at(-1)!.soc_kwh.toFixed(3)}
      data-first={rows[0]?.label}
      data-slots={rows.length}
      data-charge-bars={rows.filter((r) => r.charge > 0).length}
      data-discharge-bars={rows.filter((r) => r.discharge < 0).length}
      data-prices={prices ? 'yes' : 'no'}
      data-export-prices={exports ? `${Math.min(...credits).toFixed(5)}–${Math.max(...credits).toFixed(5)}` : 'no'}
    >
      <ResponsiveContainer width="100%" height={height}>
        {/* One stack per slot, charge above zero and discharge below ("sign"): one bar of the slot's width. */}
        <ComposedChart data={rows} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} stackOffset="sign">
          <CartesianGrid strokeDasharray="3 3" stroke="#e3e7eb" vertical={false} />
          <XAxis
            dataKey="key"
            fontSize={11}
            ticks={ticks.map((r) => r.key)}
            interval={0}
            tickFormatter={(k: string) => labelOf.get(k) ?? ''}
          />
          <YAxis
            yAxisId="e"
            fontSize={11}
            width={64}
            label={{ value: 'kWh', angle: -90, position: 'insideLeft', fontSize: 11, offset: 8 }}
          />
          {prices || exports ? (
            <YAxis
              yAxisId="p"
              orientation="right"
              fontSize={11}
              width={64}
              label={{ value: unit, angle: 90, position: 'insideRight', fontSize: 11, offset: 4 }}
            />
          ) : null}
          <ReferenceLine yAxisId="e" y={0} stroke="#9aa4ae" />
          <Tooltip
            labelFormatter={(_l, payload) => (payload[0]?.payload as (typeof rows)[number] | undefined)?.when ?? ''}
            formatter={(v, name) => {
              const n = Number(v);
              if (name === 'Discharge') return [kwh(-n), name];
              if (name === 'Import price' || name === 'Export price') return [`${n.toFixed(5)} ${unit}`, name];
              return [kwh(n), name];
            }}
          />
          <Legend />
          <Bar
            yAxisId="e"
            dataKey="charge"
            name="Charge"
            stackId="flow"
            fill={CHARGE_COLOUR}
            isAnimationActive={false}
            className="battery-charge"
          />
          <Bar
            yAxisId="e"
            dataKey="discharge"
            name="Discharge"
            stackId="flow"
            fill={DISCHARGE_COLOUR}
            isAnimationActive={false}
            className="battery-discharge"
          />
          <Line
            yAxisId="e"
            type="linear"
            dataKey="soc"
            name="State of charge"
            stroke={SOC_COLOUR}
            strokeWidth={2}
            dot={false}
            isAnimationActive={false}
            className="battery-soc"
          />
          {prices ? (
            <Line
              yAxisId="p"
              type="step"
              dataKey="import_price"
              name="Import price"
              stroke={IMPORT_COLOUR}
              strokeDasharray="5 3"
              dot={false}
              isAnimationActive={false}
              className="battery-import-price"
            />
          ) : null}
          {exports ? (
            <Line
              yAxisId="p"
              type="step"
              dataKey="export_price"
              name="Export price"
              stroke={EXPORT_COLOUR}
              strokeDasharray="2 3"
              dot={false}
              isAnimationActive={false}
              className="battery-export-price"
            />
          ) : null}
        </ComposedChart>
      </ResponsiveContainer>
      <Typography variant="caption" color="text.secondary">
        Charged {kwh(charged)}, discharged {kwh(discharged)}; state of charge at each interval’s end. {zone} time.
      </Typography>
    </Box>
  );
}
