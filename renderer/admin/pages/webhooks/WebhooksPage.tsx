import { useState } from 'react';
import { Box, Button, Grid, List, ListItemButton, ListItemText, Paper, Stack } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApp } from '../../context';
import { EmptyState, ErrorAlert, PageHeader } from '../../components/common';
import { useFeedback } from '../../components/confirm';
import { ValueField } from '../../../shared/value-field';
import { presetLabel } from './CatcherRule';
import { EndpointView } from './EndpointView';
import type { Endpoint } from './labels';

export function WebhooksPage() {
  const { api, liveMode, route, navigate } = useApp();
  const qc = useQueryClient();
  const endpoints = useQuery({
    queryKey: ['webhooks', liveMode],
    queryFn: () => api.call('webhooks.list', { query: { limit: 100 } }),
    refetchInterval: 2000,
  });
  // Endpoints being deleted leave the screen before the request goes, so nothing polls them once they are gone.
  const [gone, setGone] = useState<ReadonlySet<string>>(new Set());
  const shown = (endpoints.data?.data ?? []).filter((e) => !gone.has(e.id));
  const asked = route.params.get('id');
  const selected = asked && !gone.has(asked) ? asked : shown[0]?.id;
  const [url, setUrl] = useState('');
  const [name, setName] = useState('');
  const { notify } = useFeedback();
  const remove = useMutation({
    mutationFn: (e: Endpoint) => api.call('webhooks.delete', { params: { id: e.id } }),
    onMutate: async (e) => {
      setGone((g) => new Set(g).add(e.id));
      navigate('webhooks');
      await qc.cancelQueries({ predicate: (q) => q.queryKey.includes(e.id) });
      // One frame for the endpoint's view to unmount and stop its polls before the delete goes out.
      await new Promise((r) => setTimeout(r, 50));
    },
    onSuccess: (e) => {
      for (const key of ['webhook', 'deliveries', 'caught']) qc.removeQueries({ queryKey: [key, liveMode, e.id] });
      void qc.invalidateQueries({ queryKey: ['webhooks'] });
      notify({ message: `Deleted endpoint “${e.name}”` });
    },
    onError: (err, e) => {
      setGone((g) => new Set([...g].filter((x) => x !== e.id)));
      navigate(`webhooks?id=${e.id}`);
      notify({ message: `Endpoint not deleted: ${err.message}`, severity: 'error' });
    },
  });
  const create = useMutation({
    mutationFn: (catcher: boolean) =>
      api.call('webhooks.create', {
        // An empty name is left to the service: "Catcher", or the receiver URL's host.
        body: { ...(catcher ? { catcher: true } : { url }), ...(name.trim() ? { name: name.trim() } : {}) },
      }),
    onSuccess: (e, catcher) => {
      void qc.invalidateQueries({ queryKey: ['webhooks'] });
      // The URL is taken: an empty field (and a disabled button) so a second click adds no twin.
      if (!catcher) setUrl('');
      setName('');
      navigate(`webhooks?id=${e.id}`);
    },
  });
  return (
    <>
      <PageHeader
        title="Webhooks"
        subtitle="Endpoints, how the catcher answers, deliveries with every attempt, retry, resend and the events, updating live"
      />
      <ErrorAlert error={endpoints.error ?? create.error} />
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, lg: 4 }}>
          <Paper variant="outlined" sx={{ p: 2 }}>
            <Stack spacing={1}>
              <ValueField
                size="small"
                label="Name"
                placeholder="e.g. Staging receiver"
                helperText="Shown in the list; the URL's host (or Catcher) when empty"
                value={name}
                onValue={setName}
              />
              <ValueField
                size="small"
                label="Receiver URL"
                placeholder="http://127.0.0.1:3000/webhooks"
                value={url}
                onValue={setUrl}
              />
              <Stack direction="row" spacing={1}>
                <Button variant="contained" size="small" onClick={() => create.mutate(false)} disabled={!url}>
                  Add endpoint
                </Button>
                <Button size="small" onClick={() => create.mutate(true)}>
                  Add catcher
                </Button>
              </Stack>
            </Stack>
          </Paper>
          {endpoints.data && shown.length === 0 ? (
            <Box sx={{ mt: 2 }}>
              <EmptyState title="No endpoints" hint="Add your receiver's URL, or a catcher to see deliveries here." />
            </Box>
          ) : null}
          <Paper variant="outlined" sx={{ mt: 2 }}>
            <List dense component="nav" aria-label="Endpoints">
              {shown.map((e) => (
                <ListItemButton key={e.id} selected={e.id === selected} onClick={() => navigate(`webhooks?id=${e.id}`)}>
                  <ListItemText
                    primary={e.name}
                    secondary={
                      <>
                        {e.catcher ? '' : `${e.url} · `}
                        {e.catcher ? `catcher · answers ${presetLabel(e.catcher_rule)} · ` : ''}
                        {e.disabled ? `disabled (${e.disabled_reason})` : 'enabled'}
                      </>
                    }
                  />
                </ListItemButton>
              ))}
            </List>
          </Paper>
        </Grid>
        <Grid size={{ xs: 12, lg: 8 }}>
          {selected ? (
            <EndpointView
              key={selected}
              id={selected}
              openEvent={selected === asked ? route.params.get('event') : null}
              onDelete={(e) => remove.mutate(e)}
            />
          ) : null}
        </Grid>
      </Grid>
    </>
  );
}
