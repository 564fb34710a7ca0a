import { useMemo, useState, type ReactNode } from 'react';
import {
  Alert,
  Box,
  Button,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { DateTime } from 'luxon';
import { useApp } from '../context';
import { EmptyState, ErrorAlert, Loading, Mono, PageHeader } from '../components/common';
import { PriceChart } from '../components/PriceChart';
import { DirectionSelect } from '../components/DirectionSelect';
import { chartOf, oddDays, wallTime } from '../price-answer';
import type { TariffDirection } from '../../../core/engine/schemas/common';
import { useServiceToday } from '../service-time';
import { ServiceError } from '../api';
import { NoTariff, usePageLocation } from '../components/page-location';
import { LocationSelect, useLocation, useLocationTariffs } from '../components/forms';
import { ValueField } from '../../shared/value-field';
import { useTierLines, type TieredTariff } from '../tier-lines';

/** A quiet hint beside a value (an offset, a unit). */
function Hint({ children }: { children: ReactNode }) {
  return (
    <Typography component="span" variant="caption" color="text.secondary">
      {children}
    </Typography>
  );
}

/** A tiered tariff in words: which tier the answer gives, what the dashed lines are, and each band's tiers. */
function TierNote({ tariff }: { tariff: TieredTariff }) {
  const upTo = tariff.firstUpToKwh !== null ? ` (up to ${tariff.firstUpToKwh} kWh a month)` : '';
  const dashed = tariff.lines.map((l) => l.label).join(', ');
  const tierText = (t: { price: number; toKwh: number | null }, i: number, all: unknown[]) =>
    `${t.price.toFixed(4)} ${t.toKwh !== null ? `up to ${t.toKwh} kWh` : i > 0 ? 'above' : ''}`.trim() +
    (i < all.length - 1 ? ', then ' : '');
  return (
    <Alert severity="info" sx={{ mt: 1 }} data-testid="tier-note" data-tariff={tariff.id}>
      {tariff.name} is tiered by the energy used in the month. <Mono>POST /prices</Mono> answers its first tier{upTo},
      at a confidence below 1, since it cannot know the month’s energy. Dashed: the price {dashed}, the same hours at
      the next tier{tariff.lines.length > 1 ? 's' : ''}.
      {tariff.bands.length ? (
        <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5 }} aria-label={`Tiers of ${tariff.name}`}>
          {tariff.bands.slice(0, 12).map((b, k) => (
            <li key={k}>
              {b.when}: {b.tiers.map(tierText).join('')}
            </li>
          ))}
        </Box>
      ) : null}
    </Alert>
  );
}

const intervals = (n: number) => `${n} interval${n === 1 ? '' : 's'}`;

export function PricesPage() {
  const { api, liveMode, navigate } = useApp();
  const { locations, id: locationId, location: listed, anyTariff } = usePageLocation();
  const [direction, setDirection] = useState<TariffDirection>('IMPORT');
  const [picked, setStart] = useState<string | null>(null);
  const [days, setDays] = useState(2);
  const location = useLocation(locationId);
  // A location with no tariff at all is not asked for prices: the next step is shown instead. The
  // location's own record decides, so prices are never asked before the list has told.
  const noTariff = (location.data ?? listed)?.tariff_elements.length === 0;
  const zone = location.data?.timezone ?? 'UTC';
  // Until a date is picked, the window starts on the service clock's today at the location.
  const today = useServiceToday(location.data?.timezone);
  const start = picked ?? today ?? '';
  const win = useMemo(() => {
    const s = DateTime.fromISO(start, { zone }).startOf('day');
    return {
      start_time: s.toISO({ suppressMilliseconds: true })!,
      end_time: s.plus({ days }).toISO({ suppressMilliseconds: true })!,
    };
  }, [start, days, zone]);
  const prices = useQuery({
    enabled: !!location.data && !!start && !noTariff,
    queryKey: ['prices', liveMode, locationId, direction, win],
    // The answer with each tariff's share: the chart, the table and the CSV all draw this one answer.
    queryFn: () =>
      api.call('prices.retrieve', {
        params: { id: locationId! },
        body: { ...win, tariff_direction: direction, expand: ['components'] },
      }),
    retry: false,
  });
  const tariffs = useLocationTariffs(locationId);
  const from = Date.parse(win.start_time);
  const to = Date.parse(win.end_time);
  const chart = useMemo(
    // Drawn once the tariffs are known too: their types and ids fix the colours and the stacking order.
    () => (prices.data && tariffs.data ? chartOf(prices.data, tariffs.data.data) : null),
    [prices.data, tariffs.data],
  );
  // A tiered tariff's later tiers, as dashed lines: the answer itself holds the first tier only.
  const tiers = useTierLines(locationId, win, direction, tariffs.data?.data, chart?.points);
  const odd = useMemo(() => oddDays(zone, from, to), [zone, from, to]);
  // A location with tariffs of the other direction only: the same next step, not an error.
  const missing = prices.error instanceof ServiceError && prices.error.code === 'no_tariff_connected';
  const uncovered = prices.data?.data.filter((d) => !d.components?.length).length ?? 0;

  const exportCsv = () => {
    if (!prices.data) return;
    const rows = [
      'valid_from,valid_to,value,confidence',
      ...prices.data.data.map((d) => `${d.valid_from},${d.valid_to},${d.price.value},${d.price.confidence}`),
    ];
    const url = URL.createObjectURL(new Blob([rows.join('\n') + '\n'], { type: 'text/csv' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = `prices-${locationId}-${direction}-${start}.csv`;
    a.click();
    URL.revokeObjectURL(url);
  };

  return (
    <>
      <PageHeader
        title="Prices"
        subtitle="The service's price answer for a window: the total, each tariff's share, and how sure it is"
        actions={
          prices.data ? (
            <Button onClick={exportCsv} sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}>
              Export CSV
            </Button>
          ) : null
        }
      />
      {locations.data?.data.length === 0 ? (
        <EmptyState
          title="No locations"
          hint="Create a location with a tariff to see prices."
          action={<Button onClick={() => navigate('locations')}>Go to locations</Button>}
        />
      ) : null}
      {/* Wraps on a narrow window rather than cutting the date and the days off. */}
      <Stack direction="row" sx={{ mb: 2, flexWrap: 'wrap', gap: 2 }}>
        <LocationSelect value={locationId ?? ''} onChange={(id) => navigate(`prices?location=${id}`)} />
        <DirectionSelect value={direction} onChange={setDirection} sx={{ minWidth: 160 }} />
        <ValueField size="small" type="date" label="From (local)" value={start} onValue={setStart} shrink />
        <TextField
          size="small"
          type="number"
          label="Days"
          value={days}
          onChange={(e) => setDays(Math.max(1, Math.min(90, Number(e.target.value) || 1)))}
          sx={{ width: 90 }}
        />
      </Stack>
      <Loading show={prices.isFetching} />
      {locationId && (noTariff || missing) ? (
        <NoTariff locationId={locationId} anyTariff={anyTariff} direction={noTariff ? undefined : direction} />
      ) : (
        <ErrorAlert error={prices.error} />
      )}
      {prices.data ? (
        <>
          <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
            <Typography variant="subtitle1" component="h2">
              {prices.data.currency_code} per kWh, in {zone} local time · {intervals(prices.data.data.length)} · tariffs
              last changed {wallTime(prices.data.last_updated, zone).text}
              {prices.data.next_update ? ` · may change ${wallTime(prices.data.next_update, zone).text}` : ''}
            </Typography>
            {odd.length ? (
              <Typography variant="body2" color="text.secondary" data-testid="odd-days">
                Clock change in this window: {odd.map((d) => `${d.date} has ${d.hours} hours`).join('; ')}.
              </Typography>
            ) : null}
            {uncovered ? (
              <Alert severity="info" sx={{ my: 1 }} data-testid="no-contract">
                {intervals(uncovered)} with no contract active: no tariff covers them, so the price is unknown (shown as
                0 at confidence 0).
              </Alert>
            ) : null}
            {chart ? (
              <PriceChart
                points={tiers.points ?? chart.points}
                components={chart.series}
                zone={zone}
                unit={`${prices.data.currency_code}/kWh`}
                label="Price chart"
                lines={tiers.tariffs.flatMap((t) => t.lines)}
              />
            ) : null}
            {tiers?.tariffs.map((t) => (
              <TierNote key={t.id} tariff={t} />
            ))}
          </Paper>
          <TableContainer
            component={Paper}
            variant="outlined"
            sx={{ maxHeight: 360 }}
            // Scrolls on its own: keyboard users reach it with Tab and scroll it with the arrows.
            tabIndex={0}
            role="region"
            aria-label="Price table, scrollable"
          >
            <Table size="small" stickyHeader aria-label="Price table">
              <TableHead>
                <TableRow>
                  <TableCell>From (local)</TableCell>
                  <TableCell>To (local)</TableCell>
                  <TableCell align="right">{prices.data.currency_code}/kWh</TableCell>
                  <TableCell align="right">Confidence</TableCell>
                  <TableCell>Note</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {prices.data.data.slice(0, 500).map((d) => {
                  const a = wallTime(d.valid_from, zone);
                  const b = wallTime(d.valid_to, zone);
                  return (
                    <TableRow key={d.valid_from}>
                      <TableCell title={d.valid_from} sx={{ whiteSpace: 'nowrap' }}>
                        {a.text} <Hint>{a.offset}</Hint>
                      </TableCell>
                      <TableCell title={d.valid_to} sx={{ whiteSpace: 'nowrap' }}>
                        {b.text} <Hint>{b.offset}</Hint>
                      </TableCell>
                      <TableCell align="right">{d.price.value.toFixed(5)}</TableCell>
                      <TableCell align="right">{d.price.confidence}</TableCell>
                      <TableCell>
                        {!d.components?.length
                          ? 'no contract active'
                          : d.price.confidence < 1
                            ? d.price.confidence <= 0.5
                              ? 'gap in a schedule, or an estimate'
                              : 'estimate or tiered rate'
                            : ''}
                      </TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </TableContainer>
        </>
      ) : null}
    </>
  );
}
