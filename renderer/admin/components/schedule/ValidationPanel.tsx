import { Alert, Box, Paper, Typography } from '@mui/material';
import type { Schedule } from '../../../../core/engine/schemas/schedule';
import type { SchedulePlace, ScheduleProblem } from '../../../../core/engine/schedule/issues';
import type { DstNote } from '../../../../core/engine/schedule/dst';
import { scheduleGaps } from '../../../../core/engine/schedule/gaps';

/**
 * What the schedule gets wrong, in words, each problem a button that selects its place; then the
 * gaps (priced as unknown) and the coming DST changes with the bands they shorten or lengthen.
 */
export function ValidationPanel({
  schedule,
  problems,
  notes,
  zone,
  onGo,
}: {
  schedule: Schedule;
  problems: ScheduleProblem[];
  notes: DstNote[];
  zone: string;
  onGo(at: SchedulePlace): void;
}) {
  // The engine's precedence decides: a time is a gap only where no applying row has a band.
  const holes = scheduleGaps(schedule);
  return (
    <Paper variant="outlined" sx={{ p: 2 }} aria-label="Validation">
      <Typography variant="subtitle1" component="h3">
        Validation
      </Typography>
      {problems.length === 0 ? (
        <Alert severity="success" sx={{ my: 1 }}>
          The schedule is valid.
        </Alert>
      ) : (
        problems.map((p) => (
          <Alert key={p.text} severity="error" sx={{ my: 0.5, p: 0 }}>
            <Box
              component="button"
              type="button"
              onClick={() => onGo(p.at)}
              sx={{
                all: 'unset',
                cursor: 'pointer',
                display: 'block',
                py: 0.75,
                '&:hover, &:focus-visible': { textDecoration: 'underline' },
                '&:focus-visible': { outline: '2px solid #1565c0' },
              }}
            >
              {p.text}
            </Box>
          </Alert>
        ))
      )}
      {holes.map((x) => (
        <Alert key={x.text} severity="warning" sx={{ my: 0.5 }}>
          {x.text}
        </Alert>
      ))}
      {notes.slice(0, 4).map((n) => (
        <Alert key={n.date} severity="info" sx={{ my: 0.5 }}>
          {n.text} in {zone}.{n.bands.length ? ` ${n.bands.join('; ')}.` : ' No band covers it.'}
        </Alert>
      ))}
    </Paper>
  );
}
