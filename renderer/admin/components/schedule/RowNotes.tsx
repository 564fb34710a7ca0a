import { Box, Typography } from '@mui/material';

/**
 * Which row of the group in view overrides which, in the engine's own words. Below the tracks, so
 * a note that appears after drawing never moves a row under the pointer.
 */
export function RowNotes({ entry, notes }: { entry: number; notes: { i: number; days: string; line: string }[] }) {
  if (!notes.length) return null;
  return (
    <Box aria-label="Which row applies" role="region" sx={{ mt: 1 }}>
      {notes.map(({ i, days, line }) => (
        <Typography
          key={`${i}:${line}`}
          variant="caption"
          color="text.secondary"
          component="p"
          data-precedence={`${entry}:${i}`}
          sx={{ mt: 0.25 }}
        >
          <b>
            Row {i + 1} ‘{days}’:
          </b>{' '}
          {line}
        </Typography>
      ))}
    </Box>
  );
}
