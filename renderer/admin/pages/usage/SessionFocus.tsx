import { Alert, AlertTitle, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useApp } from '../../context';
import { money } from '../../candidate';
import { ErrorAlert } from '../../components/common';
import { CodeHint } from '../../components/words';
import type { TariffDirection } from '../../../../core/engine/schemas/common';
import { nameOf, useDevices } from '../customers/queries';
import { sessionCostQuery, Span } from './SessionsTable';
import { kwhText } from './UsageChart';

/**
 * The session the page was opened on (a plan stored on the Schedules page), at the top: its
 * cost, energy and time from its own report (`POST /costs/session/{ref}`), so the answer to
 * "what does this charge cost" is the first thing seen. Its row below is marked too.
 */
export function SessionFocus({
  session,
  direction,
  zone,
}: {
  session: string;
  direction: TariffDirection;
  zone: string;
}) {
  const { api, liveMode } = useApp();
  const devices = useDevices();
  const report = useQuery(sessionCostQuery(api, liveMode, session, direction));
  const rep = report.data;
  if (report.error) return <ErrorAlert error={report.error} />;
  if (!rep) return null;
  const first = rep.data[0];
  const last = rep.data.at(-1);
  const device = rep.object_id.startsWith('dev_') ? devices.data?.data.find((d) => d.id === rep.object_id) : undefined;
  return (
    <Alert severity="info" icon={false} data-testid="session-focus" role="region" aria-label="This session">
      <AlertTitle>
        Session <CodeHint code={session} />
      </AlertTitle>
      <Typography component="div" variant="body1">
        <strong data-value={rep.total.cost.value}>{money(rep.total.cost.value, rep.currency_code ?? undefined)}</strong>{' '}
        for <span data-kwh={rep.total.energy.value / 1000}>{kwhText(rep.total.energy.value / 1000)}</span>
        {first && last ? (
          <>
            , <Span start={first.start_time} end={last.end_time} zone={zone} />
          </>
        ) : null}
        {device ? `, ${nameOf(device)}` : ''}
        {rep.unpriced_kwh > 0 ? ` (${kwhText(rep.unpriced_kwh)} unpriced)` : ''}
      </Typography>
    </Alert>
  );
}
