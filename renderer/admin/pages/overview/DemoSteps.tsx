import type { ReactNode } from 'react';
import { Button, Grid, Paper, Stack, Typography } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApp } from '../../context';
import { ErrorAlert } from '../../components/common';
import { addressOf, useLocations } from '../../components/forms';
import { DEMO_HOME, DEMO_SHOWCASE_LOCATION } from '../../../../core/engine/demo-home';
import { useFeedback } from '../../components/confirm';

/** One step of the demo: what it shows, and the one button that opens it. */
function Step({
  n,
  title,
  children,
  action,
  onClick,
  busy = false,
}: {
  n: number;
  title: string;
  children: ReactNode;
  action: string;
  onClick(): void;
  busy?: boolean;
}) {
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label={title}
      sx={{ p: 2, height: '100%', display: 'flex', flexDirection: 'column' }}
    >
      <Typography variant="overline" color="text.secondary">
        Step {n}
      </Typography>
      <Typography variant="h6" component="h3" sx={{ lineHeight: 1.3 }}>
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1, mb: 2, flex: 1 }}>
        {children}
      </Typography>
      <Button variant="contained" onClick={onClick} disabled={busy} sx={{ alignSelf: 'flex-start' }}>
        {action}
      </Button>
    </Paper>
  );
}

/**
 * A demo in five steps, each one click from the Overview: a location's prices today, a new
 * customer connecting, the cheapest hours tonight, a webhook arriving at the built-in catcher,
 * and the solar home's battery planned on its day and night tariffs. Each button opens its page
 * already set up.
 */
export function DemoSteps() {
  const { api, navigate, liveMode } = useApp();
  const { confirm } = useFeedback();
  const qc = useQueryClient();
  const locations = useLocations();
  // The demo's showcase location while it has a tariff (not whichever was used last), else the
  // first location with one: its prices are there to show.
  const withTariff = locations.data?.data.filter((l) => l.tariff_elements.length > 0) ?? [];
  const priced = withTariff.find((l) => l.reference_id === DEMO_SHOWCASE_LOCATION) ?? withTariff[0];
  // The demo's solar home with its battery (the Schedules page picks the home's battery itself).
  const home = locations.data?.data.find((l) => l.reference_id === DEMO_HOME.location);
  // A webhook arriving: an event sent to the catcher (made now if the account has none), then its
  // inbox with that event's message open. A live endpoint is made only once the user has said yes.
  const webhook = useMutation({
    mutationFn: async () => {
      const list = await api.call('webhooks.list', { query: { limit: 100 } });
      let catcher = list.data.find((e) => e.catcher);
      if (!catcher && liveMode) {
        const ok = await confirm({
          title: 'Create a live catcher endpoint?',
          body: 'Live mode has no catcher yet. This creates a live-mode endpoint on the built-in catcher, named Catcher, and sends it a live tariff.created event. Both stay in live mode until you delete them.',
          action: 'Create and send',
        });
        if (!ok) return null;
      }
      catcher ??= await api.call('webhooks.create', { body: { catcher: true, description: 'Catcher' } });
      const event = await api.call('events.trigger', { body: { type: 'tariff.created' } });
      return { endpoint: catcher.id, event: event.id };
    },
    onSuccess: async (sent) => {
      if (!sent) return;
      await qc.invalidateQueries();
      navigate(`webhooks?id=${sent.endpoint}&event=${sent.event}`);
    },
  });
  return (
    <Stack spacing={1} component="section" aria-label="Demo">
      <Typography variant="h6" component="h2">
        Show it in five steps
      </Typography>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 6, lg: 'grow' }}>
          <Step
            n={1}
            title="Today’s prices at a location"
            action="Show today’s prices"
            onClick={() => navigate(priced ? `prices?location=${priced.id}` : 'prices')}
          >
            {priced
              ? `What energy costs hour by hour at ${addressOf(priced)}, each tariff’s share and how sure the service is.`
              : 'What energy costs hour by hour at a location, once it has a tariff.'}
          </Step>
        </Grid>
        <Grid size={{ xs: 12, sm: 6, lg: 'grow' }}>
          <Step n={2} title="Connect a new customer" action="Connect a customer" onClick={() => navigate('connect')}>
            The customer’s own flow, as a mobile app shows it: their address, their provider and tariff. A new location
            is made when they finish.
          </Step>
        </Grid>
        <Grid size={{ xs: 12, sm: 6, lg: 'grow' }}>
          <Step
            n={3}
            title="The cheapest hours tonight"
            action="Find the cheapest hours"
            onClick={() => navigate('schedules?mode=duration')}
          >
            The cheapest three hours of tonight at a location whose price moves, shaded on its prices, and stored as a
            charging session in one click.
          </Step>
        </Grid>
        <Grid size={{ xs: 12, sm: 6, lg: 'grow' }}>
          <Step
            n={4}
            title="A webhook arriving"
            action="Send a webhook"
            onClick={() => webhook.mutate()}
            busy={webhook.isPending}
          >
            An event sent to the built-in catcher: the delivery, its signature checked, and the payload as a receiver
            gets it.
          </Step>
        </Grid>
        <Grid size={{ xs: 12, sm: 6, lg: 'grow' }}>
          <Step
            n={5}
            title="A battery on two tariffs"
            action="Plan the battery"
            onClick={() => navigate(home ? `schedules?mode=battery&location=${home.id}` : 'schedules?mode=battery')}
          >
            {home
              ? `The next day of the battery at ${addressOf(home)}: it fills on the cheap night rate and the sun, empties at the day rate, from the state it last reported.`
              : 'The next day of a home battery on its location’s day and night rates, from the state it last reported.'}
          </Step>
        </Grid>
      </Grid>
      <ErrorAlert error={webhook.error} />
    </Stack>
  );
}
