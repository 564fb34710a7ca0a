import { Fragment, useEffect, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Paper,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import type { WireProfile } from '../../../core/engine/wire-profile';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApp } from '../context';
import { ErrorAlert, PageHeader } from '../components/common';
import { KeysTable } from '../components/secret';
import { bindField } from '../components/forms';
import { useFeedback } from '../components/confirm';
import { ScenariosPanel } from './ScenariosPanel';

/** The limits form's fields: key and label. */
const LIMIT_FIELDS = [
  ['bearer', 'Bearer token (seconds)'],
  ['connect', 'Connect token (seconds)'],
  ['rate', 'Requests a minute (this account)'],
] as const;
import { WorkspacePanel } from './WorkspacePanel';
import { ApiName, NoBreak } from '../components/words';
import { VERSION_WORDS, WIRE_PROFILE_WORDS } from '../../../core/engine/labels';
import { VERSION_OF } from '../../../core/engine/versions';

export function SettingsPage() {
  const { api, boot, liveMode } = useApp();
  const qc = useQueryClient();
  const settings = useQuery({ queryKey: ['settings', liveMode], queryFn: () => api.call('settings.retrieve') });
  const [f, setF] = useState({ bearer: '', connect: '', rate: '' });
  useEffect(() => {
    if (settings.data)
      setF({
        bearer: String(settings.data.bearer_token_ttl_seconds),
        connect: String(settings.data.connect_token_ttl_seconds),
        rate: String(settings.data.rate_limit_per_minute),
      });
  }, [settings.data]);
  const save = useMutation({
    mutationFn: () =>
      api.call('settings.update', {
        body: {
          bearer_token_ttl_seconds: Number(f.bearer),
          connect_token_ttl_seconds: Number(f.connect),
          rate_limit_per_minute: Number(f.rate),
        },
      }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['settings'] }),
  });
  const reset = useMutation({ mutationFn: () => api.call('demo.reset'), onSuccess: () => qc.invalidateQueries() });
  const profile = useMutation({
    mutationFn: (wire_profile: WireProfile) => api.call('settings.update', { body: { wire_profile } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['settings'] }),
  });
  const version = useMutation({
    mutationFn: (api_version: string) => api.call('settings.update', { body: { api_version } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['settings'] }),
  });
  const port = (u: string) => new URL(u).port;
  const field = bindField(f, setF);
  const { confirm } = useFeedback();
  const resetDemo = async () => {
    const ok = await confirm({
      title: 'Replace the test data with the demo data?',
      body: "This account's test-mode locations, tariffs, tokens, events and webhooks are replaced by the demo set. It cannot be undone; save a scenario first to keep them.",
      action: 'Replace',
    });
    if (ok) reset.mutate();
  };
  return (
    <>
      <PageHeader title="Settings" />
      <Stack spacing={2}>
        <ScenariosPanel />
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography variant="h6" component="h2">
            Keys
          </Typography>
          <KeysTable label="Keys" account_id={boot.account_id} test_key={boot.test_key} live_key={boot.live_key} />
        </Paper>
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography variant="h6" component="h2">
            Token lifetimes and limits
          </Typography>
          <Stack direction="row" spacing={2} sx={{ mt: 1 }}>
            {LIMIT_FIELDS.map(([k, label]) => (
              <TextField
                key={k}
                size="small"
                label={label}
                {...field(k)}
                slotProps={{ inputLabel: { shrink: true } }}
              />
            ))}
            <Button variant="contained" onClick={() => save.mutate()}>
              Save
            </Button>
          </Stack>
          {save.isSuccess ? (
            <Alert severity="success" sx={{ mt: 1 }}>
              Saved.
            </Alert>
          ) : null}
          <ErrorAlert error={settings.error ?? save.error} />
        </Paper>
        <Paper variant="outlined" sx={{ p: 2 }} data-testid="wire-profile">
          <Typography variant="h6" component="h2">
            Wire profile
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 1 }}>
            How this account speaks where the service's own interface and the production service differ: event names,
            status codes of creates and deletes, and the webhook signature.
          </Typography>
          <ToggleButtonGroup
            exclusive
            size="small"
            value={settings.data?.wire_profile ?? 'spec'}
            onChange={(_e, v: WireProfile | null) => v && profile.mutate(v)}
            aria-label="Wire profile"
          >
            {(['spec', 'published'] as const).map((v) => (
              <ToggleButton key={v} value={v} title={WIRE_PROFILE_WORDS[v].hint} sx={{ textTransform: 'none' }}>
                {WIRE_PROFILE_WORDS[v].label}
                <ApiName code={v} />
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {settings.data?.wire_profile === 'published'
              ? 'Events such as location.create and connect_session.complete; 201 on create, 202 on delete; webhooks signed PS256 with keys at /jwks.json.'
              : 'Events such as location.created and connect.session.complete; 200 on create and delete; Standard Webhooks signatures (whsec_ secrets).'}
          </Typography>
          <ErrorAlert error={profile.error} />
        </Paper>
        <Paper variant="outlined" sx={{ p: 2 }} data-testid="api-version">
          <Typography variant="h6" component="h2">
            API version
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 1 }}>
            The version this account's requests are answered in when they send no Flatpeak-Version header; a request
            that names one is answered in it. This app always speaks Anode.
          </Typography>
          <ToggleButtonGroup
            exclusive
            size="small"
            value={settings.data?.api_version ?? VERSION_OF.anode}
            onChange={(_e, v: string | null) => v && version.mutate(v)}
            aria-label="Default API version"
          >
            {[VERSION_OF.anode, VERSION_OF.zero].map((v) => (
              <ToggleButton key={v} value={v} title={VERSION_WORDS[v]?.hint} sx={{ textTransform: 'none' }}>
                {VERSION_WORDS[v]?.label}
                <ApiName code={v} />
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
          <ErrorAlert error={version.error} />
        </Paper>
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography variant="h6" component="h2">
            Ports
          </Typography>
          <Typography>
            API {port(boot.api_url)} · connect service {port(boot.connect_service_url)} · connect web app{' '}
            {port(boot.connect_web_url)} · this app {port(boot.app_url)}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Change them with {/* Broken between its options, never inside one. */}
            <Box component="code" sx={{ fontFamily: 'ui-monospace, Menlo, monospace', fontSize: 13 }}>
              {[
                'npx tariff-desk serve',
                '--api-port N',
                '--connect-port N',
                '--connect-web-port N',
                '--app-port N',
              ].map((part, i) => (
                <Fragment key={part}>
                  {i ? ' ' : ''}
                  <NoBreak>{part}</NoBreak>
                </Fragment>
              ))}
            </Box>
            .
          </Typography>
        </Paper>
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography variant="h6" component="h2">
            Demo data
          </Typography>
          <Typography color="text.secondary">
            Replaces this account's test-mode locations, tariffs, tokens, events and webhooks with the demo set. Live
            data is never touched.
          </Typography>
          <Button
            sx={{ mt: 1 }}
            color="warning"
            variant="outlined"
            disabled={liveMode || reset.isPending}
            onClick={() => void resetDemo()}
          >
            Reset demo data
          </Button>
          {reset.isSuccess ? (
            <Alert severity="success" sx={{ mt: 1 }}>
              Demo data restored: {reset.data.locations} locations.
            </Alert>
          ) : null}
          <ErrorAlert error={reset.error} />
        </Paper>
        <WorkspacePanel />
      </Stack>
    </>
  );
}
