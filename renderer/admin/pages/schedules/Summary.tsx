import { Box, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { money } from '../../candidate';
import { averagePrice, chosenOf, clockOf, minutesOf, type Answer } from './model';

/** One figure: a label above its value. */
export function Figure({ label, value, hint, name }: { label: string; value: string; hint?: string; name: string }) {
  return (
    <Box sx={{ minWidth: 140 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography variant="h6" component="div" data-figure={name}>
        {value}
      </Typography>
      {hint ? (
        <Typography variant="caption" color="text.secondary" component="div">
          {hint}
        </Typography>
      ) : null}
    </Box>
  );
}

/**
 * The answer's figures in the location's currency: the average price of the chosen time; for an
 * amount, what it costs and what it saves against charging at once; and the periods themselves.
 */
export function Summary({
  answer,
  zone,
  withDay,
  windowAverage,
}: {
  answer: Answer;
  zone: string;
  withDay: boolean;
  /** The window's time-weighted average price, from the chart's price answer. */
  windowAverage: number | null;
}) {
  const cur = answer.answer.currency_code;
  const chosen = chosenOf(answer);
  const avg = averagePrice(answer);
  const perKwh = (v: number) => `${money(v, cur, 4)}/kWh`;
  const entry = answer.mode === 'amount' ? answer.answer.data[0] : undefined;
  const sells = answer.answer.tariff_direction === 'EXPORT';
  return (
    <Stack spacing={2} component="section" aria-label="Schedule figures">
      <Stack direction="row" sx={{ gap: 3, flexWrap: 'wrap' }}>
        {avg !== null ? (
          <Figure
            name="average"
            label="Average price"
            value={perKwh(avg)}
            hint={windowAverage !== null ? `window average ${perKwh(windowAverage)}` : undefined}
          />
        ) : null}
        {entry ? (
          <>
            <Figure
              name="cost"
              label={sells ? 'Earns' : 'Costs'}
              value={money(entry.cost.value, cur)}
              hint={`for ${entry.energy.value} ${entry.energy.units === 'KWH' ? 'kWh' : 'Wh'}`}
            />
            <Figure
              name="saving"
              label={sells ? 'More than exporting at once' : 'Saves against charging at once'}
              value={money(entry.savings.value, cur)}
              hint={`${entry.savings.percentage} %`}
            />
          </>
        ) : (
          <Figure name="minutes" label="Time chosen" value={`${minutesOf(chosen)} min`} />
        )}
      </Stack>
      {chosen.length ? (
        <Table size="small" aria-label="Chosen periods">
          <TableHead>
            <TableRow>
              <TableCell>From</TableCell>
              <TableCell>To</TableCell>
              <TableCell align="right">Minutes</TableCell>
              <TableCell align="right">{entry ? 'Power (kW)' : `${cur}/kWh`}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {chosen.slice(0, 50).map((c) => (
              <TableRow key={c.from}>
                <TableCell title={c.start_time}>{clockOf(c.start_time, zone, withDay)}</TableCell>
                <TableCell title={c.end_time}>{clockOf(c.end_time, zone, withDay)}</TableCell>
                <TableCell align="right">{Math.round((c.to - c.from) / 600) / 100}</TableCell>
                <TableCell align="right">{entry ? c.powerKw : c.average?.toFixed(5)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      ) : null}
      {chosen.length > 50 ? (
        <Typography variant="caption" color="text.secondary">
          The first 50 of {chosen.length} periods; the request below gives them all.
        </Typography>
      ) : null}
    </Stack>
  );
}
