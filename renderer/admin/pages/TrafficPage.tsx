import { useCallback, useEffect, useRef, useState } from 'react';
import {
  Box,
  Button,
  Chip,
  FormControlLabel,
  MenuItem,
  Paper,
  Stack,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableRow,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { useApp } from '../context';
import { EmptyState, ErrorAlert, PageHeader } from '../components/common';
import { useFeedback } from '../components/confirm';
import { DeleteButton, FilterSelect, HeadRow, useSettled } from '../components/records';
import { FaultCreate, JOURNAL_METHODS, type FaultRule, type JournalEntry } from '../../../core/engine/schemas/traffic';
import { VERSION_OF } from '../../../core/engine/versions';
import { VERSION_WORDS } from '../../../core/engine/labels';
import { JournalRow } from './JournalRow';
import { ValueField } from '../../shared/value-field';
import { serviceNowMs, useServiceClock } from '../service-time';
import { offsetInWords } from '../../../core/engine/clock-words';

/** The fault kinds of the schema, labelled in the order the form offers them. */
const KINDS = { error: 'forced error', latency: 'latency', drop: 'drop connection' } satisfies Record<
  FaultRule['kind'],
  string
>;

/** What a rule does to a matching request, in a few words. */
const effectOf = (r: Pick<FaultRule, 'kind' | 'status' | 'code' | 'latency_ms'>) =>
  r.kind === 'error' ? `${r.status} ${r.code}` : r.kind === 'latency' ? `+${r.latency_ms} ms` : 'drop connection';

/** A rule named the way a tester wrote it: method, path and what it does. */
const ruleName = (r: FaultRule) => `${r.pattern.includes(' ') ? r.pattern : `* ${r.pattern}`} → ${effectOf(r)}`;

/** The journal and fault rules testers watch and switch at run time. */
export function TrafficPage() {
  return (
    <>
      <PageHeader
        title="Traffic"
        subtitle="Every API and connect request, what the service clock did itself, and faults to make your client face"
      />
      <FaultRules />
      <RequestJournal />
    </>
  );
}

function FaultRules() {
  const { api, liveMode } = useApp();
  const { confirm, notify } = useFeedback();
  const qc = useQueryClient();
  const faults = useQuery({
    queryKey: ['faults', liveMode],
    queryFn: () => api.call('faults.list'),
    refetchInterval: 2000,
  });
  const refresh = () => qc.invalidateQueries({ queryKey: ['faults'] });
  // The form starts empty (the examples are placeholders), so one click never adds a live fault.
  const [f, setF] = useState({
    pattern: '',
    kind: 'error' as FaultRule['kind'],
    status: '',
    code: '',
    latency_ms: '',
    probability: '1',
  });
  const create = (r: z.input<typeof FaultCreate>) => api.call('faults.create', { body: r }).then(refresh);
  const add = useMutation({
    mutationFn: () =>
      create({
        pattern: f.pattern,
        kind: f.kind,
        status: Number(f.status),
        code: f.code,
        latency_ms: Number(f.latency_ms),
        probability: Number(f.probability),
      }),
  });
  const toggle = useMutation({
    mutationFn: (r: { id: string; enabled: boolean }) =>
      api.call('faults.update', { params: { id: r.id }, body: { enabled: r.enabled } }),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (id: string) => api.call('faults.delete', { params: { id } }),
    onSuccess: refresh,
  });
  const removeRule = async (r: FaultRule) => {
    const name = ruleName(r);
    const ok = await confirm({
      title: `Delete fault rule “${name}”?`,
      body: 'Matching requests are answered normally again. Undo right after brings the rule back, with its hits reset.',
      action: 'Delete',
    });
    if (!ok) return;
    await remove.mutateAsync(r.id);
    const { pattern, kind, latency_ms, status, code, probability, enabled } = r;
    notify({
      message: `Fault rule “${name}” deleted`,
      undo: () => create({ pattern, kind, latency_ms, status, code, probability, enabled }),
    });
  };
  /** One small text field of the form, bound to its key. */
  const field = (k: Exclude<keyof typeof f, 'kind'>, label: string, width: number, example: string) => (
    <TextField
      size="small"
      label={label}
      placeholder={example}
      value={f[k]}
      onChange={(e) => setF({ ...f, [k]: e.target.value })}
      slotProps={{ inputLabel: { shrink: true } }}
      sx={{ width }}
    />
  );
  const ready =
    f.pattern.trim() !== '' && (f.kind !== 'error' || f.status !== '') && (f.kind !== 'latency' || f.latency_ms !== '');
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }} aria-label="Fault injection">
      <Typography variant="h6" component="h2">
        Fault injection
      </Typography>
      <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap' }} useFlexGap>
        {field('pattern', 'Route pattern', 220, 'POST /prices/*')}
        <TextField
          select
          size="small"
          label="Kind"
          value={f.kind}
          onChange={(e) => setF({ ...f, kind: FaultCreate.shape.kind.parse(e.target.value) })}
          sx={{ width: 150 }}
        >
          {Object.entries(KINDS).map(([k, label]) => (
            <MenuItem key={k} value={k}>
              {label}
            </MenuItem>
          ))}
        </TextField>
        {f.kind === 'error' ? field('status', 'Status', 90, '422') : null}
        {f.kind === 'error' ? field('code', 'Code', 170, 'pending_connect') : null}
        {f.kind === 'latency' ? field('latency_ms', 'Latency ms', 120, '500') : null}
        {field('probability', 'Probability', 110, '1')}
        <Button variant="contained" disabled={!ready} onClick={() => add.mutate()}>
          Add fault
        </Button>
      </Stack>
      <ErrorAlert error={add.error ?? toggle.error ?? remove.error} />
      <Table size="small" aria-label="Fault rules" sx={{ mt: 1 }}>
        <HeadRow labels={['On', 'Pattern', 'Fault', 'Probability', 'Hits', '']} />
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
              <TableCell>{effectOf(r)}</TableCell>
              <TableCell>{r.probability}</TableCell>
              <TableCell>{r.hits}</TableCell>
              <TableCell align="right">
                <DeleteButton name={`fault rule ${ruleName(r)}`} onClick={() => void removeRule(r)} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
}

/** What the journal shows at a time: one page first, more as the user asks. */
const PAGE = 50;
/** Entries kept on screen while watching; older ones come back with "Load older". */
const KEEP = 500;
const STATUS_CLASSES = ['2xx', '3xx', '4xx', '5xx'] as const;

/** Time windows back from now, on the service clock (the journal's times are its). */
const WINDOWS: Record<string, number> = {
  'Last minute': 60,
  'Last 5 minutes': 300,
  'Last hour': 3600,
  'Last day': 86_400,
};

interface Filters {
  method: string;
  status: string;
  q: string;
  hideApp: boolean;
  /** The API version the answers were written in, when one is chosen. */
  version: string;
  /** The start of the time window, when one is chosen. */
  since: string | undefined;
}

interface Feed {
  entries: JournalEntry[];
  /** Whether older entries lie beyond the last one shown. */
  older: boolean;
  loaded: boolean;
}

/**
 * The journal as a live tail: the newest page, then only what is newer than the top entry
 * each second (unless paused), and older pages on request; the filters are the server's.
 */
function useJournalFeed(filters: Filters, paused: boolean) {
  const { api, liveMode } = useApp();
  const [feed, setFeed] = useState<Feed>({ entries: [], older: false, loaded: false });
  const [error, setError] = useState<unknown>(null);
  const { method, status, q, hideApp, version, since } = filters;
  const key = JSON.stringify([liveMode, method, status, q, hideApp, version, since]);
  // The filters the answers in flight were asked with, the newest id shown for them, and
  // whether their first page is in (the tail starts from it).
  const live = useRef({ key, top: 0, busy: false, ready: false });

  const list = useCallback(
    (page: { after?: number; before?: number }) =>
      api.call('journal.list', {
        query: {
          limit: PAGE,
          ...page,
          ...(method ? { method: method as (typeof JOURNAL_METHODS)[number] } : {}),
          ...(status ? { status } : {}),
          // Status and version describe answers: the clock's own rows have neither.
          ...(status || version ? { kind: 'request' as const } : {}),
          ...(q.trim() ? { q: q.trim() } : {}),
          ...(hideApp ? { exclude_app: 'true' } : {}),
          ...(version ? { api_version: version } : {}),
          ...(since ? { since } : {}),
        },
      }),
    [api, method, status, q, hideApp, version, since],
  );

  /** Asks for a page and applies it only if the filters have not changed meanwhile. */
  const fetchFor = useCallback(
    async (page: { after?: number; before?: number }, apply: (p: Awaited<ReturnType<typeof list>>) => void) => {
      const asked = live.current.key;
      try {
        const p = await list(page);
        if (live.current.key !== asked) return;
        apply(p);
        setError(null);
      } catch (e) {
        if (live.current.key === asked) setError(e);
      }
    },
    [list],
  );

  const newest = useCallback((p: { data: JournalEntry[]; has_more: boolean }) => {
    live.current.top = p.data[0]?.id ?? live.current.top;
    live.current.ready = true;
    setFeed({ entries: p.data, older: p.has_more, loaded: true });
  }, []);

  useEffect(() => {
    live.current = { key, top: 0, busy: false, ready: false };
    void fetchFor({}, newest);
  }, [key, fetchFor, newest]);

  useEffect(() => {
    if (paused) return;
    const t = setInterval(() => {
      const s = live.current;
      if (s.busy || !s.ready) return;
      s.busy = true;
      void fetchFor({ after: s.top }, (p) => {
        // More arrived than a page holds: start again from the newest rather than leave a gap.
        if (p.has_more) return newest(p);
        if (p.data.length === 0) return;
        s.top = p.data[0]!.id;
        setFeed((f) => {
          const entries = [...p.data.filter((e) => e.id > (f.entries[0]?.id ?? 0)), ...f.entries];
          return { ...f, entries: entries.slice(0, KEEP), older: f.older || entries.length > KEEP };
        });
      }).finally(() => (s.busy = false));
    }, 1000);
    return () => clearInterval(t);
  }, [paused, fetchFor, newest]);

  const loadOlder = () => {
    const last = feed.entries.at(-1);
    if (!last) return;
    void fetchFor({ before: last.id }, (p) =>
      setFeed((f) => ({ ...f, entries: [...f.entries, ...p.data], older: p.has_more })),
    );
  };
  const cleared = () => {
    // A tail answer asked before the clear must not bring back what it removed.
    live.current = { ...live.current, key: `${live.current.key}·`, busy: false };
    setFeed({ entries: [], older: false, loaded: true });
  };
  return { feed, error, loadOlder, cleared };
}

/** Above the rows: their times are the service clock's, which may stand far from real time. */
function JournalHead() {
  const c = useServiceClock();
  const now =
    c && c.mode !== 'real'
      ? ` Now it is ${c.mode === 'frozen' ? 'frozen' : 'running'}, ${offsetInWords(Math.round((serviceNowMs(c) - Date.now()) / 1000))}.`
      : '';
  return (
    <Stack direction="row" sx={{ justifyContent: 'flex-end', px: 2, pb: 0.5 }}>
      <Tooltip
        describeChild
        title={`Every time here is service time: the service clock's, which the clock in the top bar may have moved away from real time.${now} A move of the clock and what it fired on the way are rows of their own, marked Clock.`}
      >
        <Typography variant="caption" color="text.secondary" tabIndex={0}>
          Time: service time
        </Typography>
      </Tooltip>
    </Stack>
  );
}

function RequestJournal() {
  const { api } = useApp();
  const { confirm, notify } = useFeedback();
  const [method, setMethod] = useState('');
  const [status, setStatus] = useState('');
  const [search, setSearch] = useState('');
  const [hideApp, setHideApp] = useState(true);
  const [version, setVersion] = useState('');
  const [paused, setPaused] = useState(false);
  const [window, setWindow] = useState<{ label: string; since: string | undefined }>({ label: '', since: undefined });
  const q = useSettled(search);
  const { feed, error, loadOlder, cleared } = useJournalFeed(
    { method, status, q, hideApp, version, since: window.since },
    paused,
  );
  const clear = useMutation({ mutationFn: () => api.call('journal.clear') });
  const filtered = Boolean(method || status || version || q.trim() || window.since);
  // The window starts back from the service clock's now, read when the window is chosen.
  const pickWindow = async (label: string) => {
    if (!label) return setWindow({ label, since: undefined });
    const now = Date.parse((await api.call('clock.retrieve')).now);
    setWindow({ label, since: new Date(now - WINDOWS[label]! * 1000).toISOString() });
  };

  const clearAll = async () => {
    const ok = await confirm({
      title: 'Clear the request journal?',
      body: 'Every recorded request of this account and mode is removed, whatever the filters show. This cannot be undone.',
      action: 'Clear',
    });
    if (!ok) return;
    const r = await clear.mutateAsync();
    cleared();
    notify({ message: `Journal cleared (${r.deleted} request${r.deleted === 1 ? '' : 's'})` });
  };

  return (
    <Paper variant="outlined" sx={{ p: 2 }} aria-label="Request journal">
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
          Request journal
        </Typography>
        {paused ? <Chip size="small" color="warning" label="Paused" /> : null}
        <Button variant="outlined" size="small" aria-pressed={paused} onClick={() => setPaused(!paused)}>
          {paused ? 'Resume' : 'Pause'}
        </Button>
        <Button variant="outlined" size="small" color="error" onClick={() => void clearAll()}>
          Clear
        </Button>
      </Stack>
      <Stack
        direction="row"
        role="search"
        aria-label="Journal filters"
        sx={{ mt: 1.5, mb: 1, gap: 1, flexWrap: 'wrap', alignItems: 'center' }}
      >
        <FilterSelect
          label="Method"
          value={method}
          options={JOURNAL_METHODS.filter((m) => m !== 'OPTIONS')}
          labelOf={(m) => (m === 'CLOCK' ? 'Clock rows' : m)}
          onChange={setMethod}
        />
        <FilterSelect label="Status" value={status} options={STATUS_CLASSES} onChange={setStatus} width={110} />
        <FilterSelect
          label="API version"
          value={version}
          options={[VERSION_OF.anode, VERSION_OF.zero]}
          labelOf={(v) => VERSION_WORDS[v]?.label ?? v}
          onChange={setVersion}
          width={150}
        />
        <FilterSelect
          label="Time"
          value={window.label}
          options={Object.keys(WINDOWS)}
          onChange={(v) => void pickWindow(v)}
          width={150}
        />
        <ValueField
          size="small"
          type="search"
          label="Search"
          placeholder="path, body, request id…"
          value={search}
          onValue={setSearch}
          sx={{ flex: '1 1 220px', maxWidth: 420 }}
        />
        <FormControlLabel
          control={<Switch checked={hideApp} onChange={(e) => setHideApp(e.target.checked)} />}
          label="Hide the app's own requests"
          title="The app's requests, and the polling of tariff-desk listen and of the test kit's waits. Command-line and test-kit requests stay."
        />
      </Stack>
      <ErrorAlert error={error ?? clear.error} />
      {feed.loaded && feed.entries.length === 0 ? (
        filtered ? (
          <EmptyState
            title="No requests match"
            hint={`Change or reset the filters to see more.${status || version ? " A status or API version shows requests only: the clock's own rows have neither." : ''}`}
          />
        ) : (
          <EmptyState
            title="No requests yet"
            hint={`Requests to the API and the connect service appear here as they happen, the command line's and the test kit's too${hideApp ? "; the app's own and the polling of listen and the kit's waits are hidden" : ''}.`}
          />
        )
      ) : null}
      {feed.entries.length ? <JournalHead /> : null}
      <Box aria-label="Journal entries" role="list">
        {feed.entries.map((e) => (
          <JournalRow key={e.id} e={e} />
        ))}
      </Box>
      {feed.older ? (
        <Button sx={{ mt: 1 }} onClick={loadOlder}>
          Load older
        </Button>
      ) : null}
    </Paper>
  );
}
