import { Box, Chip, Typography } from '@mui/material';
import { RecordAccordion, TextBlock, headerLines } from '../components/records';
import { OWN_CLIENTS, type JournalEntry } from '../../../core/engine/schemas/traffic';
import { VERSION_WORDS } from '../../../core/engine/labels';
import { VERSION_OF } from '../../../core/engine/versions';
import { clockTime, instantText } from '../instant';

/** Who sent a request, in words: the product's own clients by name, another marker as it came. */
const clientName = (client: string) =>
  Object.hasOwn(OWN_CLIENTS, client) ? OWN_CLIENTS[client as keyof typeof OWN_CLIENTS] : client;

/** The API generation an answer was written in, in words; its version on hover and in the details. */
function VersionChip({ version }: { version: string }) {
  const words = VERSION_WORDS[version] ?? { label: version };
  return (
    <Chip
      size="small"
      variant="outlined"
      color={version === VERSION_OF.zero ? 'secondary' : 'default'}
      label={words.label}
      title={`API version ${version}${words.hint ? `: ${words.hint}` : ''}`}
      data-version={version}
      sx={{ mr: 1 }}
    />
  );
}

export function JournalRow({ e }: { e: JournalEntry }) {
  return (
    <Box role="listitem">
      <RecordAccordion
        data-journal={e.id}
        status={e.status}
        color={e.status < 300 ? 'success' : e.status < 500 ? 'warning' : 'error'}
        title={`${e.surface === 'api' ? '' : `${e.surface} `}${e.method} ${e.path}`}
        aside={
          <>
            {e.api_version ? <VersionChip version={e.api_version} /> : null}
            {e.client ? <Chip size="small" variant="outlined" label={clientName(e.client)} sx={{ mr: 1 }} /> : null}
            {e.fault ? (
              <Chip size="small" color="error" variant="outlined" label={`fault ${e.fault}`} sx={{ mr: 1 }} />
            ) : null}
            {e.worker ? (
              <Chip
                size="small"
                variant="outlined"
                color="info"
                label="worker"
                title="Computed on a worker thread of the pool, off the service's main thread"
                sx={{ mr: 1 }}
              />
            ) : null}
            <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
              {e.latency_ms} ms · {clockTime(e.time)}
            </Typography>
          </>
        }
      >
        <Typography variant="body2" color="text.secondary">
          {instantText(e.time)} · request id {e.request_id ?? '—'}
          {e.client ? ` · sent by ${clientName(e.client)} (${e.client})` : ''}
          {e.worker ? ' · computed on a worker thread' : ''}
          {e.api_version
            ? ` · answered in API version ${e.api_version} (${VERSION_WORDS[e.api_version]?.label ?? e.api_version})`
            : ''}
        </Typography>
        <TextBlock label="Request body" text={e.request_body} />
        <TextBlock label="Response body" text={e.response_body} />
        <TextBlock label="Request headers" text={headerLines(e.request_headers)} />
      </RecordAccordion>
    </Box>
  );
}
