import { Typography } from '@mui/material';

/**
 * A code as a quiet hint beside its words (testers and API users read codes): smaller than the
 * words and in the secondary text colour, which keeps its contrast. On a coloured chip it takes
 * the chip's own text colour.
 */
export function CodeHint({ code, onColour = false }: { code: string; onColour?: boolean }) {
  return (
    <Typography
      component="span"
      variant="caption"
      color={onColour ? 'inherit' : 'text.secondary'}
      data-code={code}
      sx={{
        fontFamily: 'ui-monospace, Menlo, monospace',
        fontSize: '0.6875rem',
        letterSpacing: 0,
        ml: 0.75,
        whiteSpace: 'nowrap',
      }}
    >
      {code}
    </Typography>
  );
}
