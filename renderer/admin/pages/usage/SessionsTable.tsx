import { Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { useQueries } from '@tanstack/react-query';
import { DateTime } from 'luxon';
import { useApp } from '../../context';
import type { ApiClient } from '../../api';
import { money } from '../../candidate';
import { ApiName, NoBreak } from '../../components/words';
import type { TariffDirection } from '../../../../core/engine/schemas/common';
import { nameOf, useDevices } from '../customers/queries';
import { kwhText } from './UsageChart';

/** A session's own cost report, shared by the table and the session the page opened on. */
export const sessionCostQuery = (api: ApiClient, liveMode: boolean, ref: string, direction: TariffDirection) => ({
  queryKey: ['session-cost', liveMode, ref, direction],
  queryFn: () => api.call('costs.session', { params: { id: ref }, query: { tariff_direction: direction } }),
  retry: false,
});

/** The most sessions the table asks the cost of (one request each). */
export const MAX_SESSIONS = 50;

/**
 * A span in wall time in `zone`, as its two ends: "Tue 4 Nov, 18:00 –" and "21:30", the end's day
 * named when it is another ("Wed 5 Nov, 04:30").
 */
export function spanParts(start: string, end: string, zone: string): [string, string] {
  const a = DateTime.fromISO(start, { setZone: true }).setZone(zone).setLocale('en-GB');
  const b = DateTime.fromISO(end, { setZone: true }).setZone(zone).setLocale('en-GB');
  const day = 'ccc d LLL';
  const same = a.hasSame(b.minus({ milliseconds: 1 }), 'day');
  return [`${a.toFormat(day)}, ${a.toFormat('HH:mm')} –`, same ? b.toFormat('HH:mm') : b.toFormat(`${day}, HH:mm`)];
}

/** A span as `spanParts` says it, each end kept on one line. */
export function Span({ start, end, zone }: { start: string; end: string; zone: string }) {
  const [a, b] = spanParts(start, end, zone);
  return (
    <>
      <NoBreak>{a}</NoBreak> <NoBreak>{b}</NoBreak>
    </>
  );
}

/**
 * The charging sessions of the window's records, one row each: its time span, energy and cost
 * from the session's own report (`POST /costs/session/{ref}`, which covers all its records).
 */
export function SessionsTable({
  sessions,
  direction,
  zone,
  highlight,
}: {
  sessions: string[];
  direction: TariffDirection;
  zone: string;
  /** A session the page was opened on (a plan stored on the Schedules page): its row is marked. */
  highlight?: string | undefined;
}) {
  const { api, liveMode } = useApp();
  const devices = useDevices();
  // The marked session is always among those asked, even past the first MAX_SESSIONS.
  const asked =
    highlight && sessions.indexOf(highlight) >= MAX_SESSIONS
      ? [...sessions.slice(0, MAX_SESSIONS - 1), highlight]
      : sessions.slice(0, MAX_SESSIONS);
  const reports = useQueries({ queries: asked.map((ref) => sessionCostQuery(api, liveMode, ref, direction)) });
  if (!sessions.length)
    return (
      <Typography color="text.secondary" variant="body2">
        No sessions in this window: records are grouped into a session by their session reference (an EV charger’s
        charging session, say).
      </Typography>
    );
  const device = (id: string) => devices.data?.data.find((d) => d.id === id);
  return (
    <>
      <TableContainer>
        <Table size="small" aria-label="Sessions">
          <TableHead>
            <TableRow>
              <TableCell>Session</TableCell>
              <TableCell>When ({zone})</TableCell>
              <TableCell align="right">Energy</TableCell>
              <TableCell align="right">Cost</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {asked.map((ref, i) => {
              const r = reports[i]!;
              const rep = r.data;
              const first = rep?.data[0];
              const last = rep?.data.at(-1);
              const dev = rep && rep.object_id.startsWith('dev_') ? device(rep.object_id) : undefined;
              return (
                <TableRow
                  key={ref}
                  data-session={ref}
                  selected={ref === highlight}
                  aria-current={ref === highlight ? 'true' : undefined}
                >
                  {/* A reference is read whole (not broken at its hyphens) unless it is too long for that. */}
                  <TableCell sx={{ overflowWrap: 'break-word', whiteSpace: ref.length <= 32 ? 'nowrap' : 'normal' }}>
                    {ref}
                    {dev ? (
                      <Typography variant="caption" color="text.secondary" component="div">
                        {nameOf(dev)}
                      </Typography>
                    ) : null}
                  </TableCell>
                  <TableCell>
                    {first && last ? <Span start={first.start_time} end={last.end_time} zone={zone} /> : null}
                  </TableCell>
                  <TableCell
                    align="right"
                    sx={{ whiteSpace: 'nowrap' }}
                    data-kwh={rep ? rep.total.energy.value / 1000 : ''}
                  >
                    {rep ? kwhText(rep.total.energy.value / 1000) : ''}
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }} data-value={rep?.total.cost.value ?? ''}>
                    {rep ? money(rep.total.cost.value, rep.currency_code ?? undefined) : null}
                    {r.error ? (
                      <Typography variant="body2" color="error" component="span">
                        {(r.error as Error).message}
                        {'code' in r.error ? <ApiName code={String(r.error.code)} /> : null}
                      </Typography>
                    ) : null}
                    {rep && rep.unpriced_kwh > 0 ? (
                      <Typography variant="caption" color="text.secondary" component="div">
                        {kwhText(rep.unpriced_kwh)} unpriced
                      </Typography>
                    ) : null}
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
      {sessions.length > MAX_SESSIONS ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          The first {MAX_SESSIONS} of {sessions.length} sessions in this window.
        </Typography>
      ) : null}
    </>
  );
}
