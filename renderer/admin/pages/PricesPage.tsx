import { useMemo, useState } from 'react';
import {
  Button,
  MenuItem,
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
import { EmptyState, ErrorAlert, Loading, PageHeader, EnumSelect } from '../components/common';
import { PriceChart } from '../components/PriceChart';
import { breakdown, marketSeries } from '../preview';
import { TariffDirection } from '../../../core/engine/schemas/common';

export function PricesPage() {
  const { api, liveMode, route, navigate } = useApp();
  const locations = useQuery({
    queryKey: ['locations', liveMode],
    queryFn: () => api.call('locations.list', { query: { limit: 100 } }),
  });
  const locationId = route.params.get('location') ?? locations.data?.data[0]?.id;
  const [direction, setDirection] = useState<TariffDirection>('IMPORT');
  const [start, setStart] = useState(DateTime.now().toISODate()!);
  const [days, setDays] = useState(2);
  const location = useQuery({
    enabled: !!locationId,
    queryKey: ['location', liveMode, locationId],
    queryFn: () => api.call('locations.retrieve', { params: { id: locationId! } }),
  });
  const zone = location.data?.timezone ?? 'UTC';
  const win = useMemo(() => {
    const s = DateTime.fromISO(start, { zone }).startOf('day');
    return {
      start_time: s.toISO({ suppressMilliseconds: true })!,
      end_time: s.plus({ days }).toISO({ suppressMilliseconds: true })!,
    };
  }, [start, days, zone]);
  const prices = useQuery({
    enabled: !!location.data,
    queryKey: ['prices', liveMode, locationId, direction, win],
    queryFn: () =>
      api.call('prices.retrieve', { params: { id: locationId! }, body: { ...win, tariff_direction: direction } }),
  });
  const tariffs = useQuery({
    enabled: !!locationId,
    queryKey: ['tariffs', liveMode, locationId],
    queryFn: () => api.call('tariffs.list', { query: { location_id: locationId!, limit: 100 } }),
  });
  const from = Date.parse(win.start_time);
  const to = Date.parse(win.end_time);
  const series = useQuery({
    enabled: !!location.data,
    queryKey: ['market', location.data?.market_region, from, to],
    queryFn: () => marketSeries(api, location.data?.market_region ?? null, from, to),
  });
  const chart = useMemo(
    () =>
      tariffs.data && prices.data && !series.isLoading
        ? breakdown(zone, from, to, direction, tariffs.data.data, series.data)
        : null,
    [tariffs.data, prices.data, series.data, series.isLoading, zone, from, to, direction],
  );

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
        subtitle="POST /prices for a window and direction; components computed by the same engine"
        actions={prices.data ? <Button onClick={exportCsv}>Export CSV</Button> : null}
      />
      {locations.data?.data.length === 0 ? (
        <EmptyState
          title="No locations"
          hint="Create a location with a tariff to see prices."
          action={<Button onClick={() => navigate('locations')}>Go to locations</Button>}
        />
      ) : null}
      <Stack direction="row" spacing={2} sx={{ mb: 2 }}>
        <TextField
          select
          size="small"
          label="Location"
          value={locationId ?? ''}
          onChange={(e) => navigate(`prices?location=${e.target.value}`)}
          sx={{ minWidth: 220 }}
        >
          {(locations.data?.data ?? []).map((l) => (
            <MenuItem key={l.id} value={l.id}>
              {l.postal_address.city ?? l.id}, {l.postal_address.country_code}
            </MenuItem>
          ))}
        </TextField>
        <EnumSelect size="small" label="Direction" schema={TariffDirection} value={direction} onChange={setDirection} />
        <TextField
          size="small"
          type="date"
          label="From (local)"
          value={start}
          onChange={(e) => setStart(e.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
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
      <ErrorAlert error={prices.error} />
      {prices.data ? (
        <>
          <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
            <Typography variant="subtitle1" component="h2">
              {prices.data.currency_code}/kWh in {zone} · {prices.data.data.length} intervals · last updated{' '}
              {prices.data.last_updated}
            </Typography>
            {chart ? (
              <PriceChart points={chart.points} components={chart.series} zone={zone} label="Price chart" />
            ) : (
              <Loading show />
            )}
          </Paper>
          <TableContainer component={Paper} variant="outlined" sx={{ maxHeight: 360 }}>
            <Table size="small" stickyHeader aria-label="Price table">
              <TableHead>
                <TableRow>
                  <TableCell>From</TableCell>
                  <TableCell>To</TableCell>
                  <TableCell align="right">Value</TableCell>
                  <TableCell align="right">Confidence</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {prices.data.data.slice(0, 500).map((d) => (
                  <TableRow key={d.valid_from}>
                    <TableCell>{d.valid_from}</TableCell>
                    <TableCell>{d.valid_to}</TableCell>
                    <TableCell align="right">{d.price.value.toFixed(5)}</TableCell>
                    <TableCell align="right">{d.price.confidence}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        </>
      ) : null}
    </>
  );
}
