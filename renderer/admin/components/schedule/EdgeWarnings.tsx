import { Alert, Box, Button } from '@mui/material';
import type { EdgeWarning } from './edges';

/**
 * The wrapping bands of the group in view that meet its edge: each in words, with one click to
 * split it at midnight so that every day prices its own morning. Below the tracks, so a warning
 * that appears after an edit never moves a row under the pointer.
 */
export function EdgeWarnings({ warnings, onSplit }: { warnings: EdgeWarning[]; onSplit(w: EdgeWarning): void }) {
  if (!warnings.length) return null;
  return (
    <Box role="region" aria-label="Month group edges" sx={{ mt: 1 }}>
      {warnings.map((w) => (
        <Alert
          key={`${w.item}:${w.band}`}
          severity="warning"
          data-edge-warning={`${w.item}:${w.band}`}
          sx={{ my: 0.5 }}
          action={
            <Button color="inherit" size="small" onClick={() => onSplit(w)} sx={{ whiteSpace: 'nowrap' }}>
              Split at midnight
            </Button>
          }
        >
          {w.text}
        </Alert>
      ))}
    </Box>
  );
}
