import { useCallback, useEffect, useState } from 'react';
import { Button, Grid, Paper, Stack, Typography } from '@mui/material';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useApp } from '../../context';
import { ErrorAlert, PageHeader } from '../../components/common';
import { LocationSelect, SelectField } from '../../components/forms';
import { ApiName, CodeHint, useSessionEvents } from '../../components/words';
import { countryOptions, SLOTS } from '../../../../core/engine/labels';
import { TariffDirection, TariffType } from '../../../../core/engine/schemas/common';
import { Sheet } from './Sheet';
import { Outcome, type Standing } from './Outcome';

/** The kinds a connect session can fill: supply, feed-in, local generation and import grid fees. */
const CONNECTABLE = SLOTS.filter((s) => s.type === 'COMMODITY' || s.direction === 'IMPORT');
const COUNTRIES = countryOptions().map((c) => [c.code, `${c.name} (${c.code})`] as const);
/** The callback page of the app's own sessions, on the connect web app. */
const CALLBACK = '/complete';

/**
 * Starts a connect session and shows the hosted connect web app in a webview (desktop) or an
 * iframe (browser), as a mobile app's sheet. When the session leaves for its callback (Done,
 * Close, Disconnect) the sheet gives way to the outcome, read from the token: connected,
 * disconnected, or closed without connecting.
 */
export function ConnectPage() {
  const { api, boot, route, liveMode } = useApp();
  const [location, setLocation] = useState(route.params.get('location') ?? '');
  const [slot, setSlot] = useState(
    `${route.params.get('type') ?? 'COMMODITY'}+${route.params.get('direction') ?? 'IMPORT'}`,
  );
  const [country, setCountry] = useState('DE');
  const [session, setSession] = useState<{ token: string; url: string } | null>(null);
  const [ended, setEnded] = useState(false);
  const start = useMutation({
    mutationFn: async () => {
      const [type, direction] = slot.split('+');
      const t = await api.call('connect_token.create', {
        body: {
          connect_url: `${boot.connect_web_url}/`,
          callback_url: `${boot.connect_web_url}${CALLBACK}`,
          tariff_type: TariffType.parse(type),
          tariff_direction: TariffDirection.parse(direction),
          ...(location ? { location_id: location } : { postal_address: { country_code: country } }),
        },
      });
      return { token: t.connect_token, url: `${boot.connect_web_url}/?svc_cot=${t.connect_token}` };
    },
    onSuccess: (s) => {
      setSession(s);
      setEnded(false);
    },
  });
  const onEnded = useCallback(() => setEnded(true), []);
  // Once the sheet has left, the token says what the session came to (what a client backend reads).
  const token = useQuery({
    enabled: !!session && ended,
    queryKey: ['connect-token', liveMode, session?.token],
    queryFn: () => api.call('connect_token.retrieve', { query: { connect_token: session!.token } }),
  });
  // Waiting for the session's event until it comes, or until the token says none will (nothing was saved).
  const [found, setFound] = useState<string | null>(null);
  const nothingSaved = ended && !!token.data && token.data.complete_action !== 'SAVE';
  const events = useSessionEvents({
    token: session?.token ?? '-',
    poll: session && found !== session.token && !nothingSaved ? 1000 : 0,
  });
  const done = session ? events.done[0] : undefined;
  useEffect(() => {
    if (done && session) setFound(session.token);
  }, [done, session]);
  const standing: Standing = ended
    ? { kind: 'ended', token: token.data }
    : done
      ? { kind: 'completed' }
      : { kind: 'waiting' };
  return (
    <>
      <PageHeader title="Connect" subtitle="Run the customer's connect flow against this service" />
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 5, lg: 4 }}>
          <Paper variant="outlined" sx={{ p: 2 }}>
            <Stack spacing={2}>
              <LocationSelect value={location} onChange={setLocation} empty="A new location" />
              {!location ? (
                <SelectField
                  label="Country of the new location"
                  value={country}
                  onChange={setCountry}
                  options={COUNTRIES}
                />
              ) : null}
              <SelectField
                label="Tariff to connect"
                value={slot}
                onChange={setSlot}
                options={CONNECTABLE.map((s) => [
                  s.code,
                  <span key={s.code}>
                    {s.label}
                    <ApiName code={s.code} />
                  </span>,
                ])}
                renderValue={(v) => CONNECTABLE.find((s) => s.code === v)?.label ?? v}
              />
              <Button variant="contained" onClick={() => start.mutate()} disabled={start.isPending}>
                {session ? 'Start another session' : 'Start connect session'}
              </Button>
              <ErrorAlert error={start.error ?? token.error} />
              {session ? (
                <Typography variant="body2" color="text.secondary">
                  Connect token
                  <CodeHint code={session.token} />
                </Typography>
              ) : null}
              {session ? <Outcome standing={standing} done={done} /> : null}
            </Stack>
          </Paper>
        </Grid>
        <Grid size={{ xs: 12, md: 7, lg: 8 }}>
          {session && !ended ? (
            <Sheet key={session.token} url={session.url} callbackPath={CALLBACK} onEnded={onEnded} />
          ) : (
            <Paper
              variant="outlined"
              sx={{ p: 4, textAlign: 'center', borderStyle: 'dashed' }}
              component="section"
              aria-label="Sheet"
            >
              <Typography>
                {session
                  ? 'The sheet closed when the session ended: its outcome is beside. Start another session to open a new one.'
                  : "Choose a location and a tariff, then start a session: the connect web app opens here as it would in a mobile app's sheet."}
              </Typography>
            </Paper>
          )}
        </Grid>
      </Grid>
    </>
  );
}
