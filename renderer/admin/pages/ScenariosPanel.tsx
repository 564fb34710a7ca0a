import { useState } from 'react';
import { useFeedback } from '../components/confirm';
import { Alert, Box, Button, Chip, Stack, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Scenario as ScenarioSchema } from '../../../core/engine/schemas/workspace';
import { useApp } from '../context';
import { ErrorAlert } from '../components/common';
import { Panel, SimpleTable } from '../components/panels';
import { ValueField } from '../../shared/value-field';

type Scenario = z.infer<typeof ScenarioSchema>;

/** "1 webhook", "4 locations". */
export const count = (n: number | null, what: string) => `${n} ${what}${n === 1 ? '' : 's'}`;

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function clockText(s: Scenario): string {
  if (!s.clock) return 'keeps the clock';
  if (s.clock.mode === 'frozen') return `frozen at ${when.format(Date.parse(s.clock.now!))}`;
  if (s.clock.mode === 'offset') {
    const days = Math.round((s.clock.offset_ms ?? 0) / 86_400_000);
    return days === 0 ? 'shifted (under a day)' : `shifted ${days > 0 ? '+' : ''}${days} days`;
  }
  return 'real time';
}

const contents = (s: Scenario) =>
  s.locations === null
    ? 'made around the clock’s now'
    : `${count(s.locations, 'location')} · ${count(s.tariffs, 'tariff')} · ${count(s.webhook_endpoints, 'webhook')}`;

/**
 * Settings → Scenarios: named snapshots of the whole test-mode world with the clock. A sales
 * engineer saves one, and restores it (or a built-in one) in one click before a demo.
 */
export function ScenariosPanel() {
  const { api, liveMode } = useApp();
  const qc = useQueryClient();
  const list = useQuery({
    queryKey: ['scenarios'],
    queryFn: () => api.call('scenarios.list'),
    enabled: !liveMode,
  });
  const [name, setName] = useState('');
  const { confirm } = useFeedback();
  const save = useMutation({
    mutationFn: () => api.call('scenarios.create', { body: { name } }),
    onSuccess: () => {
      setName('');
      void qc.invalidateQueries({ queryKey: ['scenarios'] });
    },
  });
  const restore = useMutation({
    mutationFn: (id: string) => api.call('scenarios.restore', { params: { id } }),
    // Everything may have changed, the clock too.
    onSuccess: () => qc.invalidateQueries(),
  });
  const remove = useMutation({
    mutationFn: (id: string) => api.call('scenarios.delete', { params: { id } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['scenarios'] }),
  });
  /** Restoring replaces the test data and deleting drops the snapshot: both ask first, naming it. */
  const ask = async (kind: 'restore' | 'delete', sc: Scenario) => {
    const restoring = kind === 'restore';
    const ok = await confirm({
      title: restoring ? `Restore “${sc.name}”?` : `Delete “${sc.name}”?`,
      body: restoring
        ? `The test-mode locations, tariffs, webhooks, events, the library and imported market prices are replaced by the scenario’s. ${sc.built_in ? 'Its dates are made around the clock’s now; the clock and settings stay as they are.' : 'The clock and settings are set as they were saved.'}`
        : 'The saved scenario goes; the test data stays as it is.',
      action: restoring ? 'Restore' : 'Delete',
    });
    if (!ok) return;
    if (restoring) {
      save.reset();
      remove.reset();
      restore.mutate(sc.id);
    } else remove.mutate(sc.id);
  };

  return (
    <Panel
      title="Scenarios"
      testId="scenarios"
      intro="Named snapshots of the whole test-mode world and the clock. Restoring one replaces the test data in one step; built-in ones are made afresh around the clock’s now and keep the clock and settings. Live data is never touched."
    >
      {liveMode ? (
        <Alert severity="info">Scenarios are test-mode worlds: switch off live mode to use them.</Alert>
      ) : (
        <>
          <Stack direction="row" spacing={1} sx={{ mb: 1 }}>
            <ValueField size="small" label="Name" placeholder="Before the demo" value={name} onValue={setName} shrink />
            <Button variant="outlined" disabled={!name.trim() || save.isPending} onClick={() => save.mutate()}>
              Save current
            </Button>
          </Stack>
          <SimpleTable
            label="Scenarios"
            head={['Scenario', 'Clock', 'Contents', 'Saved', '']}
            items={list.data?.data ?? []}
            rowProps={(s) => ({ 'data-scenario': s.id })}
            row={(s) => ({
              key: s.id,
              cells: [
                <Box key="name" sx={{ maxWidth: 420 }}>
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                    <Typography sx={{ fontWeight: 600 }}>{s.name}</Typography>
                    {s.built_in ? <Chip size="small" label="built-in" /> : null}
                  </Stack>
                  {s.description ? (
                    <Typography variant="body2" color="text.secondary">
                      {s.description}
                    </Typography>
                  ) : null}
                </Box>,
                clockText(s),
                contents(s),
                s.time_created ? when.format(Date.parse(s.time_created)) : '—',
                <Box key="actions" sx={{ textAlign: 'right', whiteSpace: 'nowrap' }}>
                  <Button
                    size="small"
                    variant="contained"
                    disabled={restore.isPending}
                    onClick={() => void ask('restore', s)}
                    aria-label={`Restore ${s.name}`}
                  >
                    Restore
                  </Button>
                  {s.built_in ? null : (
                    <Button
                      size="small"
                      color="error"
                      sx={{ ml: 1 }}
                      onClick={() => void ask('delete', s)}
                      aria-label={`Delete ${s.name}`}
                    >
                      Delete
                    </Button>
                  )}
                </Box>,
              ],
            })}
          />
          {restore.isSuccess ? (
            <Alert severity="success" sx={{ mt: 1 }}>
              Restored “{restore.data.scenario.name}”: {count(restore.data.locations, 'location')},{' '}
              {count(restore.data.tariffs, 'tariff')}, {count(restore.data.webhook_endpoints, 'webhook')}; the clock is{' '}
              {restore.data.clock.mode === 'real' ? 'at real time' : restore.data.clock.mode}.
            </Alert>
          ) : null}
          <ErrorAlert error={list.error ?? save.error ?? restore.error ?? remove.error} />
        </>
      )}
    </Panel>
  );
}
