import { useState } from 'react';
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Box,
  Button,
  Chip,
  MenuItem,
  Paper,
  Stack,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApp } from '../context';
import { EmptyState, ErrorAlert, PageHeader } from '../components/common';
import { FaultCreate, type FaultRule } from '../../../core/engine/schemas/traffic';

/** The fault kinds of the schema, labelled in the order the form offers them. */
const KINDS = { error: 'forced error', latency: 'latency', drop: 'drop connection' } satisfies Record<
  FaultRule['kind'],
  string
>;

/** The request journal, live, and the fault rules testers switch at run time. */
export function TrafficPage() {
  const { api, liveMode } = useApp();
  const qc = useQueryClient();
  const journal = useQuery({
    queryKey: ['journal', liveMode],
    queryFn: () => api.call('journal.list', { query: { limit: 100 } }),
    refetchInterval: 1000,
  });
  const faults = useQuery({
    queryKey: ['faults', liveMode],
    queryFn: () => api.call('faults.list'),
    refetchInterval: 2000,
  });
  const [f, setF] = useState<{
    pattern: string;
    kind: FaultRule['kind'];
    status: string;
    code: string;
    latency_ms: string;
    probability: string;
  }>({
    pattern: 'POST /prices/*',
    kind: 'error',
    status: '422',
    code: 'pending_connect',
    latency_ms: '500',
    probability: '1',
  });
  const add = useMutation({
    mutationFn: () =>
      api.call('faults.create', {
        body: {
          pattern: f.pattern,
          kind: f.kind,
          status: Number(f.status),
          code: f.code,
          latency_ms: Number(f.latency_ms),
          probability: Number(f.probability),
        },
      }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['faults'] }),
  });
  const toggle = useMutation({
    mutationFn: (r: { id: string; enabled: boolean }) =>
      api.call('faults.update', { params: { id: r.id }, body: { enabled: r.enabled } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['faults'] }),
  });
  const remove = useMutation({
    mutationFn: (id: string) => api.call('faults.delete', { params: { id } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['faults'] }),
  });
  const set = (k: keyof typeof f) => (e: React.ChangeEvent<HTMLInputElement>) => setF({ ...f, [k]: e.target.value });
  return (
    <>
      <PageHeader title="Traffic" subtitle="Every API and connect request, and faults to make your client face" />
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }} aria-label="Fault injection">
        <Typography variant="h6" component="h2">
          Fault injection
        </Typography>
        <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap' }} useFlexGap>
          <TextField
            size="small"
            label="Route pattern"
            value={f.pattern}
            onChange={set('pattern')}
            sx={{ width: 220 }}
          />
          <TextField
            select
            size="small"
            label="Kind"
            value={f.kind}
            onChange={(e) => setF({ ...f, kind: FaultCreate.shape.kind.parse(e.target.value) })}
            sx={{ width: 130 }}
          >
            {Object.entries(KINDS).map(([k, label]) => (
              <MenuItem key={k} value={k}>
                {label}
              </MenuItem>
            ))}
          </TextField>
          {f.kind === 'error' ? (
            <>
              <TextField size="small" label="Status" value={f.status} onChange={set('status')} sx={{ width: 90 }} />
              <TextField size="small" label="Code" value={f.code} onChange={set('code')} sx={{ width: 170 }} />
            </>
          ) : null}
          {f.kind === 'latency' ? (
            <TextField
              size="small"
              label="Latency ms"
              value={f.latency_ms}
              onChange={set('latency_ms')}
              sx={{ width: 120 }}
            />
          ) : null}
          <TextField
            size="small"
            label="Probability"
            value={f.probability}
            onChange={set('probability')}
            sx={{ width: 110 }}
          />
          <Button variant="contained" onClick={() => add.mutate()}>
            Add fault
          </Button>
        </Stack>
        <ErrorAlert error={add.error ?? toggle.error ?? remove.error} />
        <Table size="small" aria-label="Fault rules" sx={{ mt: 1 }}>
          <TableHead>
            <TableRow>
              <TableCell>On</TableCell>
              <TableCell>Pattern</TableCell>
              <TableCell>Fault</TableCell>
              <TableCell>Probability</TableCell>
              <TableCell>Hits</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {(faults.data?.data ?? []).map((r) => (
              <TableRow key={r.id}>
                <TableCell>
                  <Switch
                    size="small"
                    checked={r.enabled}
                    onChange={(e) => toggle.mutate({ id: r.id, enabled: e.target.checked })}
                    slotProps={{ input: { 'aria-label': `Fault ${r.pattern} on` } }}
                  />
                </TableCell>
                <TableCell>{r.pattern}</TableCell>
                <TableCell>
                  {r.kind === 'error'
                    ? `${r.status} ${r.code}`
                    : r.kind === 'latency'
                      ? `+${r.latency_ms} ms`
                      : 'drop connection'}
                </TableCell>
                <TableCell>{r.probability}</TableCell>
                <TableCell>{r.hits}</TableCell>
                <TableCell>
                  <Button size="small" color="error" onClick={() => remove.mutate(r.id)}>
                    Remove
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Paper>
      <Paper variant="outlined" sx={{ p: 2 }} aria-label="Request journal">
        <Typography variant="h6" component="h2">
          Request journal
        </Typography>
        <ErrorAlert error={journal.error} />
        {journal.data?.data.length === 0 ? (
          <EmptyState
            title="No requests yet"
            hint="Requests to the API and the connect service appear here as they happen."
          />
        ) : null}
        {(journal.data?.data ?? []).map((e) => (
          <Accordion key={e.id} disableGutters data-journal={e.id}>
            <AccordionSummary>
              <Chip
                size="small"
                label={e.status}
                color={e.status < 300 ? 'success' : e.status < 500 ? 'warning' : 'error'}
                sx={{ mr: 1, minWidth: 48 }}
              />
              <Typography variant="body2" sx={{ flex: 1, fontFamily: 'ui-monospace, monospace' }}>
                {e.surface === 'connect' ? 'connect ' : ''}
                {e.method} {e.path}
              </Typography>
              {e.fault ? (
                <Chip size="small" color="error" variant="outlined" label={`fault ${e.fault}`} sx={{ mr: 1 }} />
              ) : null}
              <Typography variant="body2" color="text.secondary">
                {e.latency_ms} ms · {e.time.slice(11, 23)}
              </Typography>
            </AccordionSummary>
            <AccordionDetails>
              <Box component="pre" sx={{ fontSize: 12, overflow: 'auto', bgcolor: '#f6f8fa', p: 1, maxHeight: 260 }}>
                {`${Object.entries(e.request_headers)
                  .map(([k, v]) => `${k}: ${v}`)
                  .join('\n')}\n\n${e.request_body}\n\n— response —\n${e.response_body}`}
              </Box>
            </AccordionDetails>
          </Accordion>
        ))}
      </Paper>
    </>
  );
}
