import { Fragment, useState } from 'react';
import { Avatar, Box, Button, LinearProgress, Paper, Stack, Tab, Tabs, TextField, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { useApp } from '../context';
import { ErrorAlert, Loading, PageHeader } from '../components/common';
import { bindField, SelectField } from '../components/forms';
import { Section, SimpleTable } from '../components/panels';
import { CodeHint, Coded, NoBreak } from '../components/words';
import { instantText } from '../instant';
import { useFeedback } from '../components/confirm';
import type { GridFee } from '../../../core/engine/schemas/connect';
import { PROVIDER_CONNECTION_WORDS } from '../../../core/engine/labels';
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
      <SimpleTable
        label="Providers"
        head={[
          '',
          'Provider',
          'Countries',
          'Connection',
          'Grid fees included',
          'Library tariffs',
          'Provider login answers',
        ]}
        items={list.data?.data ?? []}
        row={(p) => ({
          key: p.id,
          cells: [
            <Avatar
              key="logo"
              variant="rounded"
              src={new URL(p.logo_url, boot.connect_web_url).href}
              alt=""
              sx={{ width: 28, height: 28 }}
            />,
            p.display_name,
            p.country_codes.join(', '),
            p.connection_types.map((c, i) => (
              <Fragment key={c}>
                {i ? ', ' : ''}
                <Coded words={PROVIDER_CONNECTION_WORDS[c]} code={c} />
              </Fragment>
            )),
            p.grid_fees_included ? 'yes' : 'no',
            p.tariffs.map((t) => t.name).join(', ') || '—',
            p.connection_types.includes('DIRECT') ? (
              <SelectField
                key="direct"
                ariaLabel={`DIRECT behaviour of ${p.display_name}`}
                value={p.direct_behaviour ?? 'succeed'}
                onChange={(v) =>
                  patch.mutate({
                    id: p.id,
                    b: { direct_behaviour: ProviderUpdate.shape.direct_behaviour.unwrap().parse(v) },
                  })
                }
                options={Object.entries(DIRECT_BEHAVIOURS)}
              />
            ) : (
              '—'
            ),
          ],
        })}
      />
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
      <Section title="Import prices from CSV">
        <Typography variant="body2" color="text.secondary">
          timestamp,price · ENTSO-E exports (MTU, Day-ahead Price [EUR/MWh]) · start,end,price. Prices per kWh or per
          MWh.
        </Typography>
        <Stack direction="row" spacing={2} sx={{ mt: 1, alignItems: 'center' }}>
          <SelectField
            label="Region"
            value={region}
            onChange={setRegion}
            options={(regions.data?.data ?? []).map(
              (r) =>
                [
                  r.id,
                  <span key={r.id}>
                    {r.display_name}
                    <CodeHint code={r.id} />
                  </span>,
                ] as const,
            )}
            renderValue={(id) => regions.data?.data.find((r) => r.id === id)?.display_name ?? id}
            sx={{ minWidth: 160, maxWidth: 320 }}
          />
          <SelectField
            label="Unit"
            value={unit}
            onChange={(v) => setUnit(v === 'auto' ? 'auto' : MarketImport.shape.unit.unwrap().parse(v))}
            options={Object.entries(UNITS)}
          />
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
      </Section>
      <Paper variant="outlined">
        <Loading show={regions.isLoading} />
        <SimpleTable
          label="Market regions"
          head={['Market', 'Serves', 'Resolution', 'Currency', 'Published until', 'Updated']}
          items={regions.data?.data ?? []}
          row={(r) => ({
            key: r.id,
            cells: [
              // The market in words, its region id (what a location's market_region names) beside.
              <>
                {r.display_name}
                {r.demo ? ' (demo series)' : ''}
                <CodeHint code={r.id} />
              </>,
              // A region listing states serves those only.
              r.states ? `${r.states.join(', ')} (${r.country_codes.join(', ')})` : r.country_codes.join(', '),
              `${r.resolution_minutes} min`,
              r.currency_code,
              r.published_until ? <Instant key="until" iso={r.published_until} /> : '—',
              <Instant key="updated" iso={r.time_updated} />,
            ],
          })}
        />
      </Paper>
    </Stack>
  );
}

/** An instant as every page writes it, broken (if at all) between its date and its time. */
function Instant({ iso }: { iso: string }) {
  const [date, time] = instantText(iso).split(', ');
  return (
    <>
      <NoBreak>{date},</NoBreak> <NoBreak>{time}</NoBreak>
    </>
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
  const { confirm, notify } = useFeedback();
  const [delError, setDelError] = useState<unknown>(null);
  /** Remove, after a confirmation naming the grid fee; undo adds it again (with a new id). */
  const remove = async (g: GridFee) => {
    const name = `${g.grid_operator}: ${g.display_name}`;
    const ok = await confirm({
      title: `Remove grid fee “${name}”?`,
      body: `Locations in ${g.country_code}${g.post_code_prefix ? ` with post codes from ${g.post_code_prefix}` : ''} no longer get it offered; tariffs already connected from it stay. You can undo for a few seconds: it comes back with a new id.`,
      action: 'Remove',
    });
    if (!ok) return;
    setDelError(null);
    try {
      await api.call('grid_fees.delete', { params: { id: g.id } });
    } catch (e) {
      setDelError(e);
      return;
    }
    void qc.invalidateQueries({ queryKey: ['grid-fees'] });
    const { country_code, post_code_prefix, grid_operator, display_name, schedule } = g;
    notify({
      message: `Removed “${name}”. Undo brings it back with a new id.`,
      undo: () =>
        api
          .call('grid_fees.create', { body: { country_code, post_code_prefix, grid_operator, display_name, schedule } })
          .then(() => qc.invalidateQueries({ queryKey: ['grid-fees'] })),
    });
  };
  const field = bindField(f, setF);
  return (
    <Stack spacing={2}>
      <Section title="Add a grid operator">
        <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
          {GRID_FEE_FIELDS.map(([k, label, width]) => (
            <TextField key={k} size="small" label={label} {...field(k)} {...(width ? { sx: { width } } : {})} />
          ))}
          <Button variant="contained" onClick={() => add.mutate()}>
            Add
          </Button>
        </Stack>
        <ErrorAlert error={add.error ?? delError} />
      </Section>
      <Paper variant="outlined">
        <SimpleTable
          label="Grid fees"
          head={['Country', 'Post codes', 'Operator', 'Tariff', 'Bands', '']}
          items={list.data?.data ?? []}
          row={(g) => ({
            key: g.id,
            cells: [
              g.country_code,
              g.post_code_prefix ? `${g.post_code_prefix}…` : 'all',
              g.grid_operator,
              g.display_name,
              g.schedule
                .flatMap((e) =>
                  e.days_and_hours.map(
                    (d) =>
                      `${d.days.join('/')}: ${d.hours.map((h) => `${h.valid_from.slice(0, 5)}–${h.valid_to.slice(0, 5)} ${h.rate[0]?.fixed}`).join(', ')}`,
                  ),
                )
                .join(' · '),
              <Button key="remove" size="small" color="error" onClick={() => void remove(g)}>
                Remove
              </Button>,
            ],
          })}
        />
      </Paper>
    </Stack>
  );
}

/** The grid-fee form's fields: key, label, width. */
const GRID_FEE_FIELDS = [
  ['country_code', 'Country', 90],
  ['post_code_prefix', 'Post-code prefix', 140],
  ['grid_operator', 'Operator', 0],
  ['display_name', 'Tariff name', 0],
  ['fee', 'Fee /kWh', 100],
] as const;
