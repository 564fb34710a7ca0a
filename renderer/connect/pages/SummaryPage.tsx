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
import type { PageProps } from '../page-props';
import type { StructureType } from '../../../core/engine/schedule/structure';
import { ESTIMATE_HINT, ESTIMATE_MARK } from '../../../core/engine/labels';
import { customerDate } from '../locale';

const time = (iso: string) => iso.slice(11, 16);
/** The end of a row: the next day's midnight is the end of this one, 24:00. */
const until = (from: string, to: string) =>
  time(to) === '00:00' && to.slice(0, 10) !== from.slice(0, 10) ? '24:00' : time(to);
const STRUCTURE: Record<StructureType, string> = {
  FIXED: 'One price',
  TIME_OF_DAY: 'Time of day',
  MARKET: 'Market price',
};

export function SummaryPage({ page, submit, busy }: PageProps<'tariff_summary'>) {
  const d = page.data;
  const today = d.rates.today;
  return (
    <Stack spacing={2}>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="h6" component="h2">
          {d.tariff?.name ?? 'Tariff'}
        </Typography>
        <Stack direction="row" spacing={1} useFlexGap sx={{ my: 1, flexWrap: 'wrap' }}>
          {d.tariff?.structure_type ? (
            <Chip label={STRUCTURE[d.tariff.structure_type] ?? d.tariff.structure_type} />
          ) : null}
          {d.tariff?.tiered ? <Chip label="Tiered" variant="outlined" /> : null}
          {d.market_rates_source ? <Chip label="Market rates" color="secondary" variant="outlined" /> : null}
        </Stack>
        <Typography color="text.secondary">
          {d.tariff?.contract_end_date
            ? `Contract ends ${customerDate(d.tariff.contract_end_date)}`
            : 'No contract end date'}
        </Typography>
      </Paper>
      <Typography variant="subtitle1" component="h2">
        Today's prices ({d.currency_code}/kWh)
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
          {today.slice(0, 48).map((r) => (
            <TableRow key={r.valid_from}>
              <TableCell>{time(r.valid_from)}</TableCell>
              <TableCell>{until(r.valid_from, r.valid_to)}</TableCell>
              <TableCell align="right">
                {r.tariff.cost.toFixed(4)}
                {r.tariff.confidence < 1 ? (
                  <span title={ESTIMATE_HINT} aria-label={ESTIMATE_HINT} style={{ cursor: 'help' }}>
                    {' '}
                    {ESTIMATE_MARK}
                  </span>
                ) : null}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {today.some((r) => r.tariff.confidence < 1) ? (
        <Typography variant="body2" color="text.secondary">
          {ESTIMATE_MARK} {ESTIMATE_HINT}
        </Typography>
      ) : null}
      {today.length > 48 ? (
        <Typography variant="body2" color="text.secondary">
          and {today.length - 48} more intervals today
        </Typography>
      ) : null}
      <Button variant="contained" size="large" onClick={() => submit(undefined, 'CLOSE')} disabled={busy}>
        Done
      </Button>
      <Button onClick={() => submit(undefined, 'EDIT')} disabled={busy}>
        Change tariff
      </Button>
      <Button color="inherit" onClick={() => submit(undefined, 'WRONG_TARIFF')} disabled={busy}>
        This is not my tariff
      </Button>
      <Button color="error" onClick={() => submit(undefined, 'DISCONNECT')} disabled={busy}>
        Disconnect
      </Button>
    </Stack>
  );
}
