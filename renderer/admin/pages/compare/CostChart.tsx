import { forwardRef } from 'react';
import { Box } from '@mui/material';
import { Bar, BarChart, CartesianGrid, Cell, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { DateTime } from 'luxon';
import { colourOf } from '../../components/PriceChart';
import { money } from '../../candidate';
import type { Column } from './model';

/** A column's colour: the stored tariffs in the first of the price charts' palette, candidates after it. */
export const columnColour = (i: number) => colourOf(i);

/**
 * Monthly cost, one bar per column side by side, in the price charts' palette and axis style.
 * The box is what the PNG export draws (its SVG), so it carries the chart's accessible name.
 * A month left out of the totals (`compared` false) is drawn pale: its bars do not weigh alike.
 */
export const CostChart = forwardRef<
  HTMLDivElement,
  { columns: Column[]; compared?: boolean[] | undefined; zone: string; currency: string }
>(function CostChart({ columns, compared, zone, currency }, ref) {
  const months = columns[0]?.periods ?? [];
  const data = months.map((p, i) => {
    const row: Record<string, string | number> = {
      // Short, so twelve fit a narrow window; the year is in the heading.
      month: DateTime.fromISO(p.start_time, { setZone: true }).setZone(zone).toFormat('LLL'),
    };
    columns.forEach((c) => (row[c.key] = c.periods[i]?.value ?? 0));
    return row;
  });
  return (
    <Box
      ref={ref}
      role="img"
      aria-label="Monthly cost chart"
      data-months={months.length}
      data-left-out={(compared ?? []).flatMap((c, i) => (c ? [] : [i])).join(' ')}
      sx={{ bgcolor: '#fff' }}
    >
      <ResponsiveContainer width="100%" height={300}>
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e3e7eb" vertical={false} />
          <XAxis dataKey="month" fontSize={11} interval={0} />
          <YAxis
            fontSize={11}
            width={64}
            label={{ value: currency, angle: -90, position: 'insideLeft', fontSize: 11, offset: 8 }}
          />
          <Tooltip formatter={(v) => money(Number(v), currency)} />
          {/* In the columns' order: the stored tariffs first. */}
          <Legend itemSorter={null} />
          {columns.map((c, i) => (
            <Bar key={c.key} dataKey={c.key} name={c.name} fill={columnColour(i)} isAnimationActive={false}>
              {months.map((p, m) => (
                <Cell key={p.start_time} fillOpacity={compared?.[m] === false ? 0.3 : 1} />
              ))}
            </Bar>
          ))}
        </BarChart>
      </ResponsiveContainer>
    </Box>
  );
});
