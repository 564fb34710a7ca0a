import { useState } from 'react';
import {
  Avatar,
  Box,
  Button,
  LinearProgress,
  MenuItem,
  Paper,
  Stack,
  Tab,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Tabs,
  TextField,
  Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { useApp } from '../context';
import { ErrorAlert, Loading, PageHeader } from '../components/common';
import { ProviderUpdate } from '../../../core/engine/schemas/misc';
import { MarketImport } from '../../../core/engine/api/routes/market';

/** How the simulated DIRECT login answers, labelled. */
const DIRECT_BEHAVIOURS = { succeed: 'succeed', pending: 'stay pending', fail: 'fail' } satisfies Record<
  NonNullable<z.output<typeof ProviderUpdate>['direct_behaviour']>,
  string
>;
/** Price units of the import, labelled; `auto` reads the unit from the CSV header. */
const UNITS = { auto: 'from header', kWh: 'per kWh', MWh: 'per MWh' } satisfies Record<
  'auto' | NonNullable<z.output<typeof MarketImport>['unit']>,
  string
>;

export function LibraryPage() {
  const [tab, setTab] = useState(0);
  return (
    <>
      <PageHeader title="Library" subtitle="Providers, market data and grid fees the service works from" />
      <Tabs value={tab} onChange={(_e, v) => setTab(v)} sx={{ mb: 2 }}>
        <Tab label="Providers" />
        <Tab label="Market data" />
        <Tab label="Grid fees" />
      </Tabs>
      {tab === 0 ? <Providers /> : tab === 1 ? <MarketData /> : <GridFees />}
    </>
  );
}

function Providers() {
  const { api, boot, liveMode } = useApp();
  const qc = useQueryClient();
  const list = useQuery({
    queryKey: ['providers', liveMode],
    queryFn: () => api.call('providers.list', { query: { limit: 100 } }),
  });
  const patch = useMutation({
    mutationFn: ({ id, b }: { id: string; b: z.input<typeof ProviderUpdate> }) =>
      api.call('providers.update', { params: { id }, body: b }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['providers'] }),
  });
  return (
    <Paper variant="outlined">
      <ErrorAlert error={list.error ?? patch.error} />
      <Table size="small" aria-label="Providers">
        <TableHead>
          <TableRow>
            <TableCell />
            <TableCell>Provider</TableCell>
            <TableCell>Countries</TableCell>
            <TableCell>Connection</TableCell>
            <TableCell>Grid fees included</TableCell>
            <TableCell>Library tariffs</TableCell>
            <TableCell>DIRECT answers</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {(list.data?.data ?? []).map((p) => (
            <TableRow key={p.id}>
              <TableCell>
                <Avatar
                  variant="rounded"
                  src={new URL(p.logo_url, boot.connect_web_url).href}
                  alt=""
                  sx={{ width: 28, height: 28 }}
                />
              </TableCell>
              <TableCell>{p.display_name}</TableCell>
              <TableCell>{p.country_codes.join(', ')}</TableCell>
              <TableCell>{p.connection_types.join(', ')}</TableCell>
              <TableCell>{p.grid_fees_included ? 'yes' : 'no'}</TableCell>
              <TableCell>{p.tariffs.map((t) => t.name).join(', ')}</TableCell>
              <TableCell>
                {p.connection_types.includes('DIRECT') ? (
                  <TextField
                    select
                    size="small"
                    value={p.direct_behaviour ?? 'succeed'}
                    onChange={(e) =>
                      patch.mutate({
                        id: p.id,
                        b: { direct_behaviour: ProviderUpdate.shape.direct_behaviour.unwrap().parse(e.target.value) },
                      })
                    }
                    slotProps={{ htmlInput: { 'aria-label': `DIRECT behaviour of ${p.display_name}` } }}
                  >
                    {Object.entries(DIRECT_BEHAVIOURS).map(([k, label]) => (
                      <MenuItem key={k} value={k}>
                        {label}
                      </MenuItem>
                    ))}
                  </TextField>
                ) : (
                  '—'
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
}

/** CSV import in chunks of rows, so a large file shows progress and each chunk is one transaction. */
function MarketData() {
  const { api, liveMode } = useApp();
  const qc = useQueryClient();
  const regions = useQuery({ queryKey: ['regions', liveMode], queryFn: () => api.call('market.regions.list') });
  const [region, setRegion] = useState('DE-LU');
  const [unit, setUnit] = useState<keyof typeof UNITS>('auto');
  const [progress, setProgress] = useState<{ done: number; total: number; imported: number } | null>(null);
  const [error, setError] = useState<unknown>(null);
  const importFile = async (file: File) => {
    setError(null);
    const text = await file.text();
    const lines = text.split(/\r?\n/).filter((l) => l.trim() !== '');
    const header = /[a-z]{3,}/i.test(lines[0] ?? '') ? lines.shift()! : undefined;
    const chunk = 2000;
    const total = Math.max(1, Math.ceil(lines.length / chunk));
    let imported = 0;
    setProgress({ done: 0, total, imported });
    try {
      for (let i = 0; i < total; i++) {
        const part = [header, ...lines.slice(i * chunk, (i + 1) * chunk)].filter(Boolean).join('\n');
        const r = await api.call('market.import', {
          params: { id: region },
          body: { csv: part, ...(unit !== 'auto' ? { unit } : {}) },
        });
        imported += r.imported;
        setProgress({ done: i + 1, total, imported });
      }
      void qc.invalidateQueries({ queryKey: ['regions'] });
    } catch (e) {
      setError(e);
    }
  };
  return (
    <Stack spacing={2}>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="subtitle1" component="h2">
          Import prices from CSV
        </Typography>
        <Typography variant="body2" color="text.secondary">
          timestamp,price · ENTSO-E exports (MTU, Day-ahead Price [EUR/MWh]) · start,end,price. Prices per kWh or per
          MWh.
        </Typography>
        <Stack direction="row" spacing={2} sx={{ mt: 1, alignItems: 'center' }}>
          <TextField
            select
            size="small"
            label="Region"
            value={region}
            onChange={(e) => setRegion(e.target.value)}
            sx={{ minWidth: 160 }}
          >
            {(regions.data?.data ?? []).map((r) => (
              <MenuItem key={r.id} value={r.id}>
                {r.id}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            size="small"
            label="Unit"
            value={unit}
            onChange={(e) =>
              setUnit(e.target.value === 'auto' ? 'auto' : MarketImport.shape.unit.unwrap().parse(e.target.value))
            }
          >
            {Object.entries(UNITS).map(([k, label]) => (
              <MenuItem key={k} value={k}>
                {label}
              </MenuItem>
            ))}
          </TextField>
          <Button variant="contained" component="label">
            Choose CSV file
            <input
              hidden
              type="file"
              accept=".csv,text/csv"
              aria-label="CSV file"
              onChange={(e) => e.target.files?.[0] && void importFile(e.target.files[0])}
            />
          </Button>
        </Stack>
        {progress ? (
          <Box sx={{ mt: 2 }}>
            <LinearProgress
              variant="determinate"
              value={(progress.done / progress.total) * 100}
              aria-label="Import progress"
            />
            <Typography variant="body2">
              {progress.done} of {progress.total} parts · {progress.imported} prices imported
            </Typography>
          </Box>
        ) : null}
        <ErrorAlert error={error} />
      </Paper>
      <Paper variant="outlined">
        <Loading show={regions.isLoading} />
        <Table size="small" aria-label="Market regions">
          <TableHead>
            <TableRow>
              <TableCell>Region</TableCell>
              <TableCell>Name</TableCell>
              <TableCell>Countries</TableCell>
              <TableCell>Resolution</TableCell>
              <TableCell>Currency</TableCell>
              <TableCell>Published until</TableCell>
              <TableCell>Updated</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {(regions.data?.data ?? []).map((r) => (
              <TableRow key={r.id}>
                <TableCell>{r.id}</TableCell>
                <TableCell>
                  {r.display_name}
                  {r.demo ? ' (demo series)' : ''}
                </TableCell>
                <TableCell>
                  {r.country_codes.join(', ')}
                  {r.states ? ` (${r.states.join(', ')})` : ''}
                </TableCell>
                <TableCell>{r.resolution_minutes} min</TableCell>
                <TableCell>{r.currency_code}</TableCell>
                <TableCell>{r.published_until ?? '—'}</TableCell>
                <TableCell>{r.time_updated}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Paper>
    </Stack>
  );
}

function GridFees() {
  const { api, liveMode } = useApp();
  const qc = useQueryClient();
  const list = useQuery({ queryKey: ['grid-fees', liveMode], queryFn: () => api.call('grid_fees.list') });
  const [f, setF] = useState({
    country_code: 'DE',
    post_code_prefix: '',
    grid_operator: '',
    display_name: '',
    fee: '0.08',
  });
  const add = useMutation({
    mutationFn: () =>
      api.call('grid_fees.create', {
        body: {
          country_code: f.country_code,
          post_code_prefix: f.post_code_prefix,
          grid_operator: f.grid_operator,
          display_name: f.display_name,
          schedule: [
            {
              months: ['All'],
              days_and_hours: [
                {
                  days: ['All'],
                  hours: [{ valid_from: '00:00:00', valid_to: '00:00:00', rate: [{ fixed: Number(f.fee) }] }],
                },
              ],
            },
          ],
        },
      }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['grid-fees'] }),
  });
  const del = useMutation({
    mutationFn: (id: string) => api.call('grid_fees.delete', { params: { id } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['grid-fees'] }),
  });
  const set = (k: keyof typeof f) => (e: React.ChangeEvent<HTMLInputElement>) => setF({ ...f, [k]: e.target.value });
  return (
    <Stack spacing={2}>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="subtitle1" component="h2">
          Add a grid operator
        </Typography>
        <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
          <TextField
            size="small"
            label="Country"
            value={f.country_code}
            onChange={set('country_code')}
            sx={{ width: 90 }}
          />
          <TextField
            size="small"
            label="Post-code prefix"
            value={f.post_code_prefix}
            onChange={set('post_code_prefix')}
            sx={{ width: 140 }}
          />
          <TextField size="small" label="Operator" value={f.grid_operator} onChange={set('grid_operator')} />
          <TextField size="small" label="Tariff name" value={f.display_name} onChange={set('display_name')} />
          <TextField size="small" label="Fee /kWh" value={f.fee} onChange={set('fee')} sx={{ width: 100 }} />
          <Button variant="contained" onClick={() => add.mutate()}>
            Add
          </Button>
        </Stack>
        <ErrorAlert error={add.error ?? del.error} />
      </Paper>
      <Paper variant="outlined">
        <Table size="small" aria-label="Grid fees">
          <TableHead>
            <TableRow>
              <TableCell>Country</TableCell>
              <TableCell>Post codes</TableCell>
              <TableCell>Operator</TableCell>
              <TableCell>Tariff</TableCell>
              <TableCell>Bands</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {(list.data?.data ?? []).map((g) => (
              <TableRow key={g.id}>
                <TableCell>{g.country_code}</TableCell>
                <TableCell>{g.post_code_prefix ? `${g.post_code_prefix}…` : 'all'}</TableCell>
                <TableCell>{g.grid_operator}</TableCell>
                <TableCell>{g.display_name}</TableCell>
                <TableCell>
                  {g.schedule
                    .flatMap((e) =>
                      e.days_and_hours.map(
                        (d) =>
                          `${d.days.join('/')}: ${d.hours.map((h) => `${h.valid_from.slice(0, 5)}–${h.valid_to.slice(0, 5)} ${h.rate[0]?.fixed}`).join(', ')}`,
                      ),
                    )
                    .join(' · ')}
                </TableCell>
                <TableCell>
                  <Button size="small" color="error" onClick={() => del.mutate(g.id)}>
                    Remove
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Paper>
    </Stack>
  );
}
