import { Alert, AlertTitle, Box, List, ListItem, ListItemText } from '@mui/material';
import type { ImportWarning } from '../../../../core/engine/schemas/tariff-import';

const mono = { fontFamily: 'ui-monospace, Menlo, monospace' };

/** A value as the document gives it, short enough for one line. */
function shown(v: unknown): string {
  const s = typeof v === 'string' ? v : JSON.stringify(v);
  return s.length > 80 ? `${s.slice(0, 79)}…` : s;
}

/**
 * What the import could not carry into the tariff (charges on fixed terms, minimums, demand),
 * or chose for it: one line per warning, with the document's field and its value.
 */
export function WarningsPanel({ warnings }: { warnings: ImportWarning[] }) {
  if (warnings.length === 0)
    return (
      <Alert severity="success" aria-label="Import warnings">
        The rate is imported whole: nothing in it was left out.
      </Alert>
    );
  return (
    <Alert severity="warning" aria-label="Import warnings" sx={{ '& .MuiAlert-message': { width: '100%' } }}>
      <AlertTitle>
        {warnings.length} {warnings.length === 1 ? 'thing' : 'things'} the tariff does not hold, or the import chose
      </AlertTitle>
      <List dense disablePadding>
        {warnings.map((w, i) => (
          <ListItem key={i} disableGutters data-field={w.field} data-code={w.code}>
            <ListItemText
              primary={
                <>
                  <Box component="span" sx={{ ...mono, fontWeight: 600 }}>
                    {w.field}
                  </Box>
                  {w.value !== undefined ? (
                    <Box component="span" sx={{ ...mono, ml: 1, wordBreak: 'break-all' }}>
                      = {shown(w.value)}
                    </Box>
                  ) : null}
                </>
              }
              secondary={w.message}
            />
          </ListItem>
        ))}
      </List>
    </Alert>
  );
}
