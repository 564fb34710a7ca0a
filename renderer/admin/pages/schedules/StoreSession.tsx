import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApp } from '../../context';
import { ErrorAlert } from '../../components/common';
import { CodeHint } from '../../components/words';
import { daysOf } from '../usage/window';
import { planKwh, planRecords, sessionReference, type Plan } from './session';

/**
 * The plans stored while the app is open, by what they store (an answer's id is new each time it
 * is asked): coming back to a plan opens its session, never a second one.
 */
const storedPlans = new Map<string, { session: string; records: number }>();
const planKey = (locationId: string, p: Plan) => JSON.stringify([locationId, p]);

/** Where the Usage page shows a stored session: its location, direction, days and the session itself. */
export function sessionLink(locationId: string, p: Plan, session: string, zone: string): string {
  const days = daysOf(Date.parse(p.runs[0]!.start_time), Date.parse(p.runs.at(-1)!.end_time), zone);
  const q = new URLSearchParams({
    location: locationId,
    direction: p.direction,
    from: days.from,
    to: days.to,
    session,
  });
  return `usage?${q.toString()}`;
}

/**
 * One action from a plan to its cost: the plan is stored as a session of the location (meter
 * records through `PUT /meters/interval`, one per run, with a session reference and the device
 * if one is chosen), then the Usage page opens on the session's cost. Stored once per plan: a
 * second click opens the same session.
 */
export function StoreSession({
  plan,
  locationId,
  zone,
  blocked,
}: {
  plan: Plan;
  locationId: string;
  zone: string;
  /** What keeps the plan from being stored (a power that is not one), said beside the button. */
  blocked?: string | null;
}) {
  const { api, navigate } = useApp();
  const qc = useQueryClient();
  const store = useMutation({
    mutationFn: async () => {
      const session = await sessionReference(plan, zone, async (ref) => {
        const found = await api.call('meter_records.list', { query: { session_reference_id: ref, limit: 1 } });
        return found.data.length > 0;
      });
      const records = planRecords(plan, locationId, session);
      const batch = await api.call('meters.interval', { body: records });
      if (batch.failed_records.length)
        throw Object.assign(new Error(batch.failed_records.map((f) => f.error.message).join(' ')), {
          code: batch.failed_records[0]!.error.code,
        });
      const done = { session, records: records.length };
      storedPlans.set(planKey(locationId, plan), done);
      return done;
    },
    onSuccess: async (done) => {
      await qc.invalidateQueries();
      navigate(sessionLink(locationId, plan, done.session, zone));
    },
  });
  const runs = plan.runs.length;
  const stored = storedPlans.get(planKey(locationId, plan)) ?? null;
  if (!runs) return null;
  const device = plan.device_id;
  const amount = plan.mode === 'amount' ? '' : `, ${planKwh(plan)} kWh in all`;
  return (
    <Box
      component="section"
      aria-label="Store as a session"
      sx={{ mt: 2, pt: 2, borderTop: 1, borderColor: 'divider' }}
    >
      <Stack direction="row" sx={{ gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <Button
          variant="contained"
          disabled={store.isPending || (!stored && !!blocked)}
          onClick={() => (stored ? navigate(sessionLink(locationId, plan, stored.session, zone)) : store.mutate())}
        >
          {stored ? 'Open its cost' : 'Store as a session and open its cost'}
        </Button>
        <Typography variant="body2" color="text.secondary" sx={{ flex: '1 1 260px' }}>
          {blocked && !stored ? (
            blocked
          ) : stored ? (
            <>
              Stored as {stored.records} meter record{stored.records === 1 ? '' : 's'}, session
              <CodeHint code={stored.session} />
            </>
          ) : (
            `The plan becomes ${runs} meter record${runs === 1 ? '' : 's'} of this location${device ? ' and its device' : ''}${amount}, grouped as one session, and Usage and cost shows what it costs.`
          )}
        </Typography>
      </Stack>
      {store.isPending ? (
        <Alert severity="info" sx={{ mt: 1 }} role="status">
          Storing the plan…
        </Alert>
      ) : null}
      <ErrorAlert error={store.error} />
    </Box>
  );
}
