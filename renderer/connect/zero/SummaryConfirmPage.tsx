import {
  Button,
  Chip,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import type { ZeroData, ZeroPageProps } from './protocol';

const STRUCTURE = { FIXED: 'One price', TIME_OF_DAY: 'Time of day', MARKET: 'Market price' } as const;
const time = (iso: string) => iso.slice(11, 16);
const until = (from: string, to: string) =>
  time(to) === '00:00' && to.slice(0, 10) !== from.slice(0, 10) ? '24:00' : time(to);

/** The buttons a Zero summary lists: SAVE completes the session. */
function Actions({
  actions,
  submit,
  busy,
}: {
  actions: string[];
  submit: (d?: unknown, a?: string) => void;
  busy: boolean;
}) {
  return (
    <>
      {actions.includes('SAVE') ? (
        <Button variant="contained" size="large" onClick={() => submit(undefined, 'SAVE')} disabled={busy}>
          Save
        </Button>
      ) : null}
      {actions.includes('EDIT') ? (
        <Button onClick={() => submit(undefined, 'EDIT')} disabled={busy}>
          Change tariff
        </Button>
      ) : null}
      {actions.includes('DISCONNECT') ? (
        <Button color="error" onClick={() => submit(undefined, 'DISCONNECT')} disabled={busy}>
          Disconnect
        </Button>
      ) : null}
    </>
  );
}

function Head({ tariff, market }: { tariff: ZeroData<'summary_fixed_confirm'>['tariff']; market?: boolean }) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="h6" component="h2">
        {tariff.name || 'Tariff'}
      </Typography>
      <Stack direction="row" spacing={1} useFlexGap sx={{ my: 1, flexWrap: 'wrap' }}>
        <Chip label={STRUCTURE[tariff.structure_type]} />
        {market ? <Chip label="Market rates" color="secondary" variant="outlined" /> : null}
      </Stack>
      <Typography color="text.secondary">
        {tariff.contract_end_date ? `Contract ends ${tariff.contract_end_date.slice(0, 10)}` : 'No contract end date'}
      </Typography>
    </Paper>
  );
}

export function SummaryFixedPage({ page, submit, busy }: ZeroPageProps<'summary_fixed_confirm'>) {
  const d = page.data;
  return (
    <Stack spacing={2}>
      <Head tariff={d.tariff} />
      <Typography variant="h4" component="p" aria-label="Price per kWh">
        {d.cost.toFixed(4)} {d.currency_code}/kWh
      </Typography>
      <Actions actions={page.actions} submit={submit} busy={busy} />
    </Stack>
  );
}

export function SummaryTouPage({ page, submit, busy }: ZeroPageProps<'summary_tou_confirm'>) {
  const d = page.data;
  return (
    <Stack spacing={2}>
      <Head tariff={d.tariff} market={d.market_rates_source} />
      <Typography variant="subtitle1" component="h2">
        Today&apos;s prices ({d.currency_code}/kWh)
      </Typography>
      <Table size="small" aria-label="Today's prices" sx={{ bgcolor: 'background.paper' }}>
        <TableHead>
          <TableRow>
            <TableCell>From</TableCell>
            <TableCell>To</TableCell>
            <TableCell align="right">Price</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {d.rates.today.slice(0, 48).map((r) => (
            <TableRow key={r.valid_from}>
              <TableCell>{time(r.valid_from)}</TableCell>
              <TableCell>{until(r.valid_from, r.valid_to)}</TableCell>
              <TableCell align="right">{r.tariff.cost.toFixed(4)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {d.rates.today.length > 48 ? (
        <Typography variant="body2" color="text.secondary">
          and {d.rates.today.length - 48} more intervals today
        </Typography>
      ) : null}
      <Actions actions={page.actions} submit={submit} busy={busy} />
    </Stack>
  );
}
