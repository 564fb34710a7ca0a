import { Grid, Paper, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useApp } from '../context';
import { CopyButton, CopyTable, ErrorAlert, Mono, PageHeader, SmallButton } from '../components/common';
import { KeysTable, masked } from '../components/secret';
import { useLocations } from '../components/forms';
import { ApiName, SessionCompleted, useSessionEvents } from '../components/words';
import { WIRE_PROFILE_WORDS } from '../../../core/engine/labels';
import { DemoSteps } from './overview/DemoSteps';

export function OverviewPage() {
  const { boot, api, liveMode, navigate } = useApp();
  const locations = useLocations();
  const sessions = useSessionEvents({ limit: 5 });
  const webhooks = useQuery({
    queryKey: ['webhooks', liveMode],
    queryFn: () => api.call('webhooks.list', { query: { limit: 100 } }),
  });
  const settings = useQuery({ queryKey: ['settings', liveMode], queryFn: () => api.call('settings.retrieve') });
  const rows: [string, string][] = [
    ['REST API', boot.api_url],
    ['Connect service', boot.connect_service_url],
    ['Connect web app', boot.connect_web_url],
    ['Admin app', boot.app_url],
    ['Data folder', boot.data_dir],
  ];
  const key = liveMode ? boot.live_key : boot.test_key;
  const login = (k: string) => `curl -u ${boot.account_id}:${k} ${boot.api_url}/login`;
  return (
    <>
      <PageHeader
        title="Overview"
        subtitle={`The local tariff and price service is running. You are looking at ${liveMode ? 'live' : 'test'} data.`}
      />
      <ErrorAlert error={locations.error} />
      <DemoSteps />
      {/* For whoever calls the API: where the service answers, its keys and how it speaks. */}
      <Typography variant="h6" component="h2" sx={{ mt: 4, mb: 1 }}>
        The service, for developers
      </Typography>
      <Grid container spacing={2} component="section" aria-label="The service, for developers">
        <Grid size={{ xs: 12, md: 7 }}>
          <Paper variant="outlined" sx={{ p: 2 }}>
            <Typography variant="subtitle1" component="h3">
              Service addresses
            </Typography>
            <CopyTable label="Service addresses" rows={rows} />
          </Paper>
          <Paper variant="outlined" sx={{ p: 2, mt: 2 }}>
            <Typography variant="subtitle1" component="h3">
              Credentials
            </Typography>
            {/* The keys are masked until asked for: a demo's first screen shows none in clear. */}
            <KeysTable
              label="Credentials"
              account_id={boot.account_id}
              test_key={boot.test_key}
              live_key={boot.live_key}
            />
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              <Mono>{login(masked(key))}</Mono> <CopyButton value={login(key)} label="the login command" />{' '}
              {/* Shown masked like the keys above; what is copied is the command that logs in. */}
              <span data-testid="login-copy-note">Copy gives the command with the key in it.</span>
            </Typography>
          </Paper>
          <Paper variant="outlined" sx={{ p: 2, mt: 2 }} aria-label="Recent connect sessions">
            <Typography variant="subtitle1" component="h3">
              Recent connect sessions
            </Typography>
            <Stack spacing={1} sx={{ mt: 1 }}>
              {sessions.done.map((e) => (
                <SessionCompleted key={e.id} id={e.id} data={e.data} />
              ))}
              {sessions.loaded && sessions.done.length === 0 ? (
                <Typography color="text.secondary">
                  None yet: a customer's completed session shows here.{' '}
                  <SmallButton onClick={() => navigate('connect')}>Start one</SmallButton>
                </Typography>
              ) : null}
            </Stack>
          </Paper>
        </Grid>
        <Grid size={{ xs: 12, md: 5 }}>
          <Stack spacing={2}>
            <Paper variant="outlined" sx={{ p: 2 }} data-testid="overview-profile">
              <Typography variant="overline">Wire profile</Typography>
              <Typography variant="h5">
                {settings.data ? WIRE_PROFILE_WORDS[settings.data.wire_profile].label : '…'}
                {settings.data ? <ApiName code={settings.data.wire_profile} /> : null}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                Decides event names, create and delete statuses, webhook signatures
              </Typography>
              <SmallButton onClick={() => navigate('settings')}>Change in settings</SmallButton>
            </Paper>
            <Paper variant="outlined" sx={{ p: 2 }}>
              <Typography variant="overline">Locations</Typography>
              <Typography variant="h3">{locations.data?.data.length ?? '…'}</Typography>
              <SmallButton onClick={() => navigate('locations')}>Open locations</SmallButton>
            </Paper>
            <Paper variant="outlined" sx={{ p: 2 }}>
              <Typography variant="overline">Webhook endpoints</Typography>
              <Typography variant="h3">{webhooks.data?.data.length ?? '…'}</Typography>
              <SmallButton onClick={() => navigate('webhooks')}>Open webhooks</SmallButton>
            </Paper>
          </Stack>
        </Grid>
      </Grid>
    </>
  );
}
