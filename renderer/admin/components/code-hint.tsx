import { Typography } from '@mui/material';
import { useApiNames } from '../api-names';

/**
 * A code or an id as a small chip beside its words (testers and API users read them): smaller
 * than the words, monospace and outlined, so it never reads as part of a sentence. On a coloured
 * chip it takes the chip's own text colour.
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
        lineHeight: 1.5,
        ml: 0.75,
        px: 0.5,
        border: 1,
        borderColor: onColour ? 'currentColor' : 'divider',
        borderRadius: 0.75,
        whiteSpace: 'nowrap',
      }}
    >
      {code}
    </Typography>
  );
}

/**
 * An API code beside its words (a status, a connection type, a tariff kind, a direction): shown
 * while the "API names" switch is on, gone for a demo. Ids and references are not codes: they
 * stay, as plain CodeHints.
 */
export function ApiName({ code, onColour = false }: { code: string; onColour?: boolean }) {
  return useApiNames() ? <CodeHint code={code} onColour={onColour} /> : null;
}
