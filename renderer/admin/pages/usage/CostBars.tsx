import { Alert, Box, Typography } from '@mui/material';
import { Bar, BarChart, CartesianGrid, Cell, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { DateTime } from 'luxon';
import type { z } from 'zod';
import { money } from '../../candidate';
import { colourOf } from '../../components/PriceChart';
import type { Aggregation, EnergyCost } from '../../../../core/engine/schemas/energy-cost';
import { kwhText } from './UsageChart';

type Report = z.output<typeof EnergyCost>;

/** A report entry's period as the axis names it: "Mon 3 Nov" for a day, "Nov 2026" for a month. */
export const periodLabel = (iso: string, zone: string, aggregation: Aggregation) =>
  DateTime.fromISO(iso, { setZone: true })
    .setZone(zone)
    .setLocale('en-GB')
    .toFormat(aggregation === 'DAY' ? 'ccc d LLL' : 'LLL yyyy');

/**
 * The cost report (`POST /costs/interval`) by local day or month as bars, its total above them.
 * A period with energy no tariff prices (costed 0 by the API) is drawn paler and said below.
 */
export function CostBars({ report, zone, aggregation }: { report: Report; zone: string; aggregation: Aggregation }) {
  const currency = report.currency_code ?? '';
  const rows = report.data.map((e) => ({
    label: periodLabel(e.start_time, zone, aggregation),
    cost: e.cost.value,
    kwh: e.energy.value / 1000,
    unpriced: e.unpriced_kwh,
  }));
  const kwh = report.total.energy.value / 1000;
  if (report.total.energy.value === 0)
    return (
      <Typography color="text.secondary" data-testid="cost-total">
        Nothing to cost: no meter record has energy in this window.
      </Typography>
    );
  return (
    <Box>
      <Typography data-testid="cost-total" sx={{ mb: 1 }}>
        <strong>{money(report.total.cost.value, currency)}</strong> for {kwhText(kwh)} over{' '}
        {rows.length === 1
          ? `one ${aggregation === 'DAY' ? 'day' : 'month'}`
          : `${rows.length} ${aggregation === 'DAY' ? 'days' : 'months'}`}
        {kwh > 0 ? ` · ${money(report.total.cost.value / kwh, currency, 4)} per kWh on average` : ''}
      </Typography>
      <Typography variant="body2" color="text.secondary" data-testid="cost-energy-only" sx={{ mb: 1 }}>
        Energy only: standing, fixed, demand and minimum charges and export credit are in the bill by month below.
      </Typography>
      <Box role="img" aria-label={`Cost by ${aggregation === 'DAY' ? 'day' : 'month'} chart`} data-bars={rows.length}>
        <ResponsiveContainer width="100%" height={240}>
          <BarChart data={rows} margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" stroke="#e3e7eb" vertical={false} />
            <XAxis dataKey="label" fontSize={11} interval="preserveStartEnd" minTickGap={8} />
            <YAxis
              fontSize={11}
              width={64}
              label={{ value: currency, angle: -90, position: 'insideLeft', fontSize: 11, offset: 8 }}
            />
            <Tooltip
              formatter={(v, _name, item) => [
                `${money(Number(v), currency)} for ${kwhText((item.payload as (typeof rows)[number]).kwh)}`,
                'Cost',
              ]}
            />
            <Bar dataKey="cost" name="Cost" fill={colourOf(0)} isAnimationActive={false}>
              {rows.map((r) => (
                <Cell key={r.label} fillOpacity={r.unpriced > 0 ? 0.35 : 1} />
              ))}
            </Bar>
          </BarChart>
        </ResponsiveContainer>
      </Box>
      {report.unpriced_kwh > 0 ? (
        <Alert severity="warning" sx={{ mt: 1 }} data-testid="cost-unpriced">
          {kwhText(report.unpriced_kwh)} of it fall where no tariff of the location applies and are costed 0 (the paler
          bars).
        </Alert>
      ) : null}
    </Box>
  );
}
