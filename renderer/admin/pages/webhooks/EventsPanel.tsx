import { useMemo, useState } from 'react';
import { Box, Button, Collapse, Paper, Stack, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useApp } from '../../context';
import { ErrorAlert, Mono } from '../../components/common';
import { FilterSelect, TextBlock, useSettled } from '../../components/records';
import { TYPES, useEventName } from './labels';
import { instantText } from '../../instant';

/** The account's events, newest first: filtered by type on the server, searched by id or text over the newest 100. */
export function EventsPanel({ onResend }: { onResend(eventId: string): void }) {
  const { api, liveMode } = useApp();
  const [type, setType] = useState('');
  const named = useEventName();
  const [search, setSearch] = useState('');
  const needle = useSettled(search.trim().toLowerCase());
  const events = useQuery({
    queryKey: ['events', liveMode, type],
    queryFn: () => api.call('events.list', { query: { limit: 100, ...(type ? { type } : {}) } }),
    refetchInterval: 2000,
  });
  const shown = useMemo(
    () =>
      (events.data?.data ?? []).filter(
        (ev) => !needle || `${ev.id} ${named(ev.type)} ${JSON.stringify(ev.data)}`.toLowerCase().includes(needle),
      ),
    [events.data, needle, named],
  );
  const [open, setOpen] = useState<string | null>(null);
  return (
    <Paper variant="outlined" sx={{ p: 2 }} aria-label="Events">
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
        <Typography variant="subtitle1" component="h3" sx={{ flex: 1 }}>
          Events
        </Typography>
        <FilterSelect label="Type" value={type} options={TYPES} labelOf={named} onChange={setType} width={220} />
        <TextField
          size="small"
          label="Search id or text"
          value={search}
          onChange={(ev) => setSearch(ev.target.value)}
          sx={{ width: 220 }}
        />
      </Stack>
      <ErrorAlert error={events.error} />
      {events.data && shown.length === 0 ? (
        <Typography color="text.secondary">
          {needle ? `No event among the newest ${events.data.data.length} matches “${search}”.` : 'No events yet.'}
        </Typography>
      ) : null}
      {shown.slice(0, 30).map((ev) => (
        <Box key={ev.id} data-event={ev.id} sx={{ borderBottom: 1, borderColor: 'divider', py: 0.5 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Typography variant="body2" sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
              {named(ev.type)} · <Mono>{ev.id}</Mono> · {instantText(ev.time_created)}
            </Typography>
            <Button size="small" onClick={() => onResend(ev.id)}>
              Send to this endpoint
            </Button>
            <Button size="small" onClick={() => setOpen(open === ev.id ? null : ev.id)} aria-expanded={open === ev.id}>
              {open === ev.id ? 'Hide' : 'Payload'}
            </Button>
          </Stack>
          <Collapse in={open === ev.id} unmountOnExit>
            <TextBlock label="Event" text={JSON.stringify(ev)} />
          </Collapse>
        </Box>
      ))}
      {shown.length > 30 ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {shown.length - 30} more: narrow the type or search.
        </Typography>
      ) : null}
    </Paper>
  );
}
