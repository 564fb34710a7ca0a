import { Alert, Box, LinearProgress, Paper, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { DateTime } from 'luxon';
import { useApp } from '../../context';
import { ServiceError } from '../../api';
import { ErrorAlert } from '../../components/common';
import { BatteryDayChart } from '../../components/battery/DayChart';
import { money } from '../../candidate';
import { Figure } from './Summary';
import type { BatteryBody } from './battery';

/**
 * A battery's plan at a location: the energy cost over the window without the battery, with it,
 * and the saving, then the plan as a chart (state of charge, charge and discharge over the
 * prices) in the location's local time. The plan starts from the device's last reported state.
 */
export function BatteryPlan({
  locationId,
  deviceId,
  body,
  problem,
  zone,
}: {
  locationId: string;
  deviceId: string | undefined;
  body: BatteryBody | null;
  problem: string | null;
  zone: string;
}) {
  const { api, liveMode } = useApp();
  const state = useQuery({
    enabled: !!deviceId,
    queryKey: ['device-state', liveMode, deviceId],
    queryFn: async () => {
      try {
        return await api.call('devices.state.get', { params: { id: deviceId! } });
      } catch (e) {
        // No state reported yet: the plan starts at the reserve.
        if (e instanceof ServiceError && e.code === 'device_state_not_found') return null;
        throw e;
      }
    },
  });
  const plan = useQuery({
    enabled: !!body,
    queryKey: ['battery-schedule', liveMode, locationId, body],
    queryFn: () => api.call('schedules.battery', { params: { id: locationId }, body: body! }),
    retry: false,
  });
  const answer = plan.data;
  const reported = state.data;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label="Battery plan">
      {problem ? <Alert severity="info">{problem}</Alert> : null}
      {plan.isFetching ? <LinearProgress aria-label="Planning the battery" sx={{ mb: 1 }} /> : null}
      <ErrorAlert error={plan.error ?? state.error} />
      {deviceId && state.isSuccess ? (
        <Typography variant="body2" color="text.secondary" data-testid="battery-start" sx={{ mb: 1 }}>
          {reported
            ? `Starts from the state the battery reported: ${reported.state_of_charge_percent} % at ${DateTime.fromISO(
                reported.time,
                { setZone: true },
              )
                .setZone(zone)
                .toFormat('ccc d LLL, HH:mm')}.`
            : 'The battery has reported no state: the plan starts at its reserve.'}
        </Typography>
      ) : null}
      {answer ? (
        <Box sx={{ opacity: plan.isFetching ? 0.5 : 1, transition: 'opacity 150ms' }}>
          <Typography variant="h6" component="h2" data-testid="battery-sentence" sx={{ mb: 1 }}>
            {answer.saving > 0
              ? `The battery saves ${money(answer.saving, answer.currency_code)} over these ${hoursOf(answer)} hours.`
              : `The battery saves nothing over these ${hoursOf(answer)} hours.`}
          </Typography>
          <Stack direction="row" sx={{ gap: 3, flexWrap: 'wrap', mb: 2 }}>
            <Figure
              name="battery-cost-without"
              label="Energy cost without the battery"
              value={money(answer.cost_without, answer.currency_code)}
            />
            <Figure
              name="battery-cost-with"
              label="With the battery"
              value={money(answer.cost_with, answer.currency_code)}
            />
            <Figure name="battery-saving" label="Saving" value={money(answer.saving, answer.currency_code)} />
            <Figure
              name="battery-start-soc"
              label="State of charge at the start"
              value={`${answer.initial_soc_kwh.toFixed(2)} kWh`}
            />
          </Stack>
          <BatteryDayChart cells={answer.data} zone={zone} currency={answer.currency_code} label="Battery plan chart" />
          {answer.warnings.map((w) => (
            <Alert key={w} severity="warning" sx={{ mt: 1 }}>
              {w}
            </Alert>
          ))}
        </Box>
      ) : null}
    </Paper>
  );
}

const hoursOf = (a: { start_time: string; end_time: string }) =>
  Math.round((Date.parse(a.end_time) - Date.parse(a.start_time)) / 3_600_000);
