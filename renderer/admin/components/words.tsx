import type { ReactNode } from 'react';
import { Box, Chip, Link, Stack, Tooltip, Typography } from '@mui/material';
import type { z } from 'zod';
import { useQuery } from '@tanstack/react-query';
import { STATUS_WORDS, type Words } from '../../../core/engine/labels';
import { ConnectSessionComplete } from '../../../core/engine/webhooks/schemas';
import { useApp } from '../context';
import { useApiNames } from '../api-names';
import { CopyButton } from './common';
import { ApiName, CodeHint } from './code-hint';
import { addressOf, useLocations } from './forms';

export { ApiName, CodeHint };

/** A value read as one piece (a date, a code, a host and port): it moves to the next line whole. */
export function NoBreak({ children }: { children: ReactNode }) {
  return (
    <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
      {children}
    </Box>
  );
}

/** Words for a code, the code beside them, and what they mean on hover. */
export function Coded({ words, code, hint = true }: { words: Words; code: string; hint?: boolean }) {
  const text = (
    <Box component="span" sx={words.hint ? { borderBottom: '1px dotted', cursor: 'help' } : undefined}>
      {words.label}
    </Box>
  );
  return (
    <Box component="span">
      {words.hint ? (
        <Tooltip title={words.hint}>
          <span>{text}</span>
        </Tooltip>
      ) : (
        text
      )}
      {hint ? <ApiName code={code} /> : null}
    </Box>
  );
}

/** A connection state as a chip of words, the code as a quiet hint beside it, the meaning on hover. */
export function StatusChip({ status }: { status: string }) {
  const words = STATUS_WORDS[status] ?? { label: status };
  const codes = useApiNames();
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', whiteSpace: 'nowrap' }}>
      <Tooltip title={`${words.hint ?? ''}${codes ? ` (${status})` : ''}`.trim()}>
        <Chip
          size="small"
          data-status={status}
          label={words.label}
          color={status === 'CONNECTED' ? 'success' : status === 'ERROR' || status === 'FAILED' ? 'error' : 'default'}
        />
      </Tooltip>
      <ApiName code={status} />
    </Box>
  );
}

/**
 * The completed connect sessions, newest first, in words: where, whether prices are there, and
 * a link to them; the event and token ids stay as small copyable hints. `token` keeps one session's.
 */
export function useSessionEvents({ token, limit = 5, poll }: { token?: string; limit?: number; poll?: number }) {
  const { api, liveMode } = useApp();
  const events = useQuery({
    queryKey: ['connect-events', liveMode, token ?? 'all'],
    queryFn: () => api.call('events.list', { query: { type: 'connect.session.complete', limit: token ? 20 : limit } }),
    ...(poll ? { refetchInterval: poll } : {}),
  });
  // The payload as its event schema says: events.list types `data` as a plain record.
  const done = (events.data?.data ?? [])
    .flatMap((e) => {
      const data = ConnectSessionComplete.safeParse(e.data);
      return data.success ? [{ id: e.id, time: e.time_created, data: data.data }] : [];
    })
    .filter((e) => !token || e.data.id === token);
  return { loaded: !!events.data, done, error: events.error };
}

/** One completed session: "Session completed for <address> — price available", with links and the ids. */
export function SessionCompleted({ id, data }: { id: string; data: z.infer<typeof ConnectSessionComplete> }) {
  const { navigate } = useApp();
  const locations = useLocations();
  const loc = locations.data?.data.find((l) => l.id === data.location_id);
  return (
    <Box data-event={id}>
      <Typography component="div">
        Session completed for{' '}
        <Link
          component="button"
          onClick={() => navigate(`locations?id=${data.location_id}`)}
          sx={{ verticalAlign: 0, display: 'inline', textAlign: 'left' }}
        >
          {loc ? addressOf(loc) : 'a location'}
        </Link>{' '}
        —{' '}
        {data.price_available ? (
          <>
            price available:{' '}
            <Link
              component="button"
              onClick={() => navigate(`prices?location=${data.location_id}`)}
              sx={{ verticalAlign: 0, display: 'inline', textAlign: 'left' }}
            >
              see prices
            </Link>
          </>
        ) : (
          'no price yet (the provider has not delivered the tariff)'
        )}
      </Typography>
      <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <CodeHint code={id} />
        <CopyButton value={id} label="event id" />
        <CodeHint code={data.location_id} />
        <CopyButton value={data.location_id} label="location id" />
      </Stack>
    </Box>
  );
}
