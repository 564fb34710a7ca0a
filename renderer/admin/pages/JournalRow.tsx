import { Box, Chip, Typography } from '@mui/material';
import { RecordAccordion, TextBlock, headerLines } from '../components/records';
import {
  OWN_CLIENTS,
  type ClockWork,
  type JournalClock,
  type JournalEntry,
} from '../../../core/engine/schemas/traffic';
import type { ClockMode } from '../../../core/engine/clock';
import { VERSION_WORDS } from '../../../core/engine/labels';
import { VERSION_OF } from '../../../core/engine/versions';
import { clockTime, instantText } from '../instant';
import { ClockIcon } from '../components/ClockControl';
import { spanInWords } from '../../../core/engine/clock-words';

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

/** Where the row's time comes from, on hover: the service clock, not this computer's. */
const serviceTimeTitle = (iso: string) =>
  `Service time: ${instantText(iso)} (the service clock, which may have been moved)`;

/** The time of a row, on the service clock. */
function RowTime({ iso, latency }: { iso: string; latency?: number }) {
  return (
    <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }} title={serviceTimeTitle(iso)}>
      {latency === undefined ? '' : `${latency} ms · `}
      {clockTime(iso)}
    </Typography>
  );
}

export function JournalRow({ e }: { e: JournalEntry }) {
  return e.clock ? <ClockRow e={e} clock={e.clock} /> : <RequestRow e={e} />;
}

/** The due work the clock runs, in words. */
const WORK_WORDS: Record<ClockWork, string> = {
  tariff_lifecycle: 'tariff lifecycle',
  webhook_retries: 'webhook retries',
  market_publication: 'market publication',
};

const MODE_WORDS: Record<ClockMode, string> = { real: 'real time', offset: 'running', frozen: 'frozen' };

/** A move of the clock in words: from where to where, or what changed where it stands. */
function moveTitle(c: Extract<JournalClock, { action: 'moved' }>): string {
  const from = instantText(c.from);
  const to = instantText(c.to);
  if (c.mode === 'real') return `Clock back to real time: ${from} → ${to}`;
  if (c.from === c.to) return c.mode === 'frozen' ? `Clock frozen at ${to}` : `Clock running on from ${to}`;
  return `Clock moved ${from} → ${to}`;
}

/** The row's one line: what the clock did, with the instants it did it for. */
function clockTitle(c: JournalClock): string {
  if (c.action === 'moved') return moveTitle(c);
  if (c.action === 'fired') return `Fired for ${instantText(c.at)}: ${c.summary}`;
  return `Clock advance stopped at ${instantText(c.at)} on its way to ${instantText(c.target)}: ${c.reason}`;
}

/** The details: the same in a sentence, saying how far and that the times are virtual. */
function clockDetails(c: JournalClock): string {
  if (c.action === 'fired')
    return `The service clock ran its ${WORK_WORDS[c.work]} work as it passed ${instantText(c.at)} (service time); what it recorded carries that instant.`;
  if (c.action === 'stopped')
    return `An advance from ${instantText(c.from)} to ${instantText(c.target)} stopped at ${instantText(c.at)}: everything due until then has run.`;
  const ms = Date.parse(c.to) - Date.parse(c.from);
  const how =
    ms === 0 ? 'It stayed where it stood' : `It moved ${spanInWords(ms / 1000)} ${ms > 0 ? 'forward' : 'back'}`;
  return `${how}, from ${instantText(c.from)} (${MODE_WORDS[c.from_mode]}) to ${instantText(c.to)} (${MODE_WORDS[c.mode]}). Moving forward fires what fell due on the way; moving back fires nothing.`;
}

/** Something the service clock did itself: not a request, so no method, status or latency. */
function ClockRow({ e, clock }: { e: JournalEntry; clock: JournalClock }) {
  const chip =
    clock.action === 'fired' ? WORK_WORDS[clock.work] : clock.action === 'moved' ? MODE_WORDS[clock.mode] : 'stopped';
  return (
    <Box role="listitem">
      <RecordAccordion
        data-journal={e.id}
        data-kind="clock"
        status="Clock"
        icon={<ClockIcon />}
        color={clock.action === 'stopped' ? 'error' : 'primary'}
        title={clockTitle(clock)}
        aside={
          <>
            <Chip size="small" variant="outlined" label={chip} sx={{ mr: 1 }} />
            <RowTime iso={e.time} />
          </>
        }
      >
        <Typography variant="body2" color="text.secondary">
          {clockDetails(clock)}
        </Typography>
      </RecordAccordion>
    </Box>
  );
}

function RequestRow({ e }: { e: JournalEntry }) {
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
            <RowTime iso={e.time} latency={e.latency_ms} />
          </>
        }
      >
        <Typography variant="body2" color="text.secondary">
          {instantText(e.time)} (service time) · request id {e.request_id ?? '—'}
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
