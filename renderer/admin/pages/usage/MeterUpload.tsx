import { useState } from 'react';
import {
  Alert,
  Box,
  LinearProgress,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableRow,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useApp } from '../../context';
import { ErrorAlert } from '../../components/common';
import { CsvFileButton } from '../../components/CsvFileButton';
import { SelectField } from '../../components/forms';
import { HeadRow } from '../../components/records';
import { ApiName } from '../../components/words';
import { ValueField } from '../../../shared/value-field';
import { DIRECTION_WORDS } from '../../../../core/engine/labels';
import type { TariffDirection } from '../../../../core/engine/schemas/common';
import { METER_LIMITS } from '../../../../core/engine/schemas/meter';
import { nameOf, useDevices } from '../customers/queries';
import { readMeterFile, submitRecords, type UploadProgress, type UploadResult } from './upload';
import { Span } from './SessionsTable';

/** Failed rows listed at most; the count says the rest. */
const MAX_FAILED_SHOWN = 100;

const count = (n: number) => n.toLocaleString('en-GB');
const plural = (n: number, one: string, many = `${one}s`) => `${count(n)} ${n === 1 ? one : many}`;

/**
 * A meter CSV (the usage reader of the Compare page and the command line) sent as the location's
 * meter records, in batches of at most 10,000 with a progress bar; refused rows are listed by
 * their line. `onStored` gets the file's span, so the page can show it.
 */
export function MeterUpload({
  locationId,
  direction,
  zone,
  onStored,
}: {
  locationId: string;
  direction: TariffDirection;
  zone: string;
  onStored(from: number, to: number): void;
}) {
  const { api } = useApp();
  const qc = useQueryClient();
  const devices = useDevices();
  const [device, setDevice] = useState('');
  const [session, setSession] = useState('');
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const [result, setResult] = useState<UploadResult | null>(null);

  const upload = async (file: File) => {
    setProblem(null);
    setFailure(null);
    setResult(null);
    setProgress(null);
    let read;
    try {
      read = readMeterFile(await file.text(), zone, {
        location_id: locationId,
        device_id: device || undefined,
        session_reference_id: session.trim() || undefined,
        tariff_direction: direction,
      });
    } catch (e) {
      // Nothing is sent from a file the reader refuses: its first bad row is named.
      setProblem(`${file.name}: ${(e as Error).message}`);
      return;
    }
    setBusy(true);
    try {
      const done = await submitRecords(api, file.name, read.usage, read.records, setProgress);
      setResult(done);
      if (done.accepted) onStored(done.from, done.to);
    } catch (e) {
      setFailure(e);
    } finally {
      setBusy(false);
      // Whatever was stored before a failure shows too.
      void qc.invalidateQueries();
    }
  };

  const pct = progress ? (progress.total ? (100 * progress.sent) / progress.total : 100) : 0;
  return (
    <Stack spacing={1.5} role="group" aria-label="Meter upload">
      <Typography variant="body2" color="text.secondary">
        A CSV of <code>start,end,kwh</code> or <code>timestamp,kwh</code> rows (times without an offset are {zone} wall
        time), stored as {DIRECTION_WORDS[direction].label.toLowerCase()} records of this location, up to{' '}
        {count(METER_LIMITS.maxRecords)} a request. Sending a file again changes nothing.
      </Typography>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2 }}>
        <SelectField
          label="Device"
          value={device}
          onChange={setDevice}
          empty="None (the location’s meter)"
          options={(devices.data?.data ?? []).map((d) => [d.id, nameOf(d)] as const)}
          sx={{ flex: '1 1 280px' }}
        />
        <ValueField
          size="small"
          label="Session reference"
          helperText="Optional: groups the records, e.g. one charge"
          value={session}
          onValue={setSession}
          sx={{ flex: '1 1 280px' }}
          slotProps={{ htmlInput: { maxLength: 200 } }}
        />
      </Stack>
      <Box>
        <CsvFileButton variant="outlined" disabled={busy} inputLabel="Meter CSV file" onFile={(f) => void upload(f)}>
          Upload a meter CSV
        </CsvFileButton>
      </Box>
      {progress ? (
        <Box>
          <LinearProgress
            variant="determinate"
            value={pct}
            aria-label="Upload progress"
            aria-valuetext={`${count(progress.sent)} of ${count(progress.total)} records`}
          />
          <Typography variant="body2" color="text.secondary" data-testid="upload-progress" sx={{ mt: 0.5 }}>
            Sent {count(progress.sent)} of {plural(progress.total, 'record')}
            {progress.batches > 1 ? ` (batch ${progress.batch} of ${progress.batches})` : ''}
          </Typography>
        </Box>
      ) : null}
      {problem ? (
        <Alert severity="error" role="alert" data-testid="upload-refused">
          {problem}. Nothing was sent.
        </Alert>
      ) : null}
      <ErrorAlert error={failure} />
      {result ? <UploadSummary result={result} zone={zone} /> : null}
    </Stack>
  );
}

/** The outcome in one sentence, then each refused row with its line, span and named error. */
function UploadSummary({ result, zone }: { result: UploadResult; zone: string }) {
  const { failed } = result;
  return (
    <>
      <Alert severity={failed.length ? 'warning' : 'success'} data-testid="upload-result">
        {result.name}: {plural(result.submitted, 'record')} sent, {count(result.accepted)} stored (
        {count(result.processed)} new or changed), {count(failed.length)} refused.
      </Alert>
      {failed.length ? (
        <TableContainer sx={{ maxHeight: 280 }} tabIndex={0} role="region" aria-label="Refused rows, scrollable">
          <Table size="small" stickyHeader aria-label="Refused rows">
            <HeadRow labels={['Line', 'Row', 'Why']} />
            <TableBody>
              {failed.slice(0, MAX_FAILED_SHOWN).map((f) => (
                <TableRow key={f.line} data-line={f.line}>
                  <TableCell>{f.line}</TableCell>
                  <TableCell>
                    <Span start={new Date(f.start).toISOString()} end={new Date(f.end).toISOString()} zone={zone} />
                  </TableCell>
                  <TableCell sx={{ overflowWrap: 'break-word' }}>
                    {f.message}
                    <ApiName code={f.code} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      ) : null}
      {failed.length > MAX_FAILED_SHOWN ? (
        <Typography variant="body2" color="text.secondary">
          The first {MAX_FAILED_SHOWN} of {count(failed.length)} refused rows.
        </Typography>
      ) : null}
    </>
  );
}
