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

/** One interval of a battery's dispatch as the day view draws it (energy kWh, prices per kWh). */
export interface BatteryDayCell {
  start_time: string;
  end_time: string;
  charge_kwh: number;
  discharge_kwh: number;
  /** State of charge at the interval's end. */
  soc_kwh: number;
  import_price?: number;
  export_price?: number;
}

export const CHARGE_COLOUR = colourOf(1);
export const DISCHARGE_COLOUR = colourOf(2);
export const SOC_COLOUR = colourOf(0);
const IMPORT_COLOUR = '#1c2430';
const EXPORT_COLOUR = colourOf(3);

const kwh = (v: number) => `${v.toFixed(3)} kWh`;

/**
 * A battery's day: charge (up) and discharge (down) as bars per interval, the state of charge as a
 * line, both in kWh on the left axis, over the import (and export) price as steps on the right
 * axis. Hours are wall times in the location's zone, so a clock-change day shows 23 or 25 hours.
 */
export function BatteryDayChart({
  cells,
  zone,
  currency,
  height = 280,
  label = 'Battery day chart',
}: {
  cells: BatteryDayCell[];
  zone: string;
  currency: string;
  height?: number;
  label?: string;
}) {
  const [measure, width] = useWidth();
  if (cells.length === 0) return <Typography color="text.secondary">No dispatch for this day.</Typography>;
  const at = (iso: string) => DateTime.fromISO(iso, { setZone: true }).setZone(zone);
  // Discharge is drawn below zero so the two directions never stack into one bar.
  const rows = cells.map((c) => ({
    label: at(c.start_time).toFormat('HH:mm'),
    when: `${at(c.start_time).toFormat('ccc d LLL, HH:mm')}–${at(c.end_time).toFormat('HH:mm ZZZZ')}`,
    charge: c.charge_kwh,
    discharge: -c.discharge_kwh,
    soc: c.soc_kwh,
    import_price: c.import_price,
    export_price: c.export_price,
  }));
  const prices = cells.some((c) => c.import_price !== undefined);
  const exports = cells.some((c) => c.export_price !== undefined);
  const charged = cells.reduce((s, c) => s + c.charge_kwh, 0);
  const discharged = cells.reduce((s, c) => s + c.discharge_kwh, 0);
  const socMax = Math.max(...cells.map((c) => c.soc_kwh));
  // About one label per 60 px of plot (the two value axes take ~130 px).
  const slots = Math.max(2, Math.floor(((width || 800) - 130) / 60));
  const interval = Math.max(0, Math.ceil(rows.length / slots) - 1);
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
      data-first={rows[0]!.label}
      data-prices={prices ? 'yes' : 'no'}
    >
      <ResponsiveContainer width="100%" height={height}>
        <ComposedChart data={rows} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} barGap={-100}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e3e7eb" vertical={false} />
          <XAxis dataKey="label" fontSize={11} interval={interval} />
          <YAxis
            yAxisId="e"
            fontSize={11}
            width={64}
            label={{ value: 'kWh', angle: -90, position: 'insideLeft', fontSize: 11, offset: 8 }}
          />
          {prices ? (
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
            fill={CHARGE_COLOUR}
            isAnimationActive={false}
            className="battery-charge"
          />
          <Bar
            yAxisId="e"
            dataKey="discharge"
            name="Discharge"
            fill={DISCHARGE_COLOUR}
            isAnimationActive={false}
            className="battery-discharge"
          />
          <Line
            yAxisId="e"
            type="monotone"
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
