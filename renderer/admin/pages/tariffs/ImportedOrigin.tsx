import { useState } from 'react';
import { Box, Button, Collapse, Link, Paper, Stack, Typography } from '@mui/material';
import { CopyButton } from '../../components/common';
import { NoBreak } from '../../components/words';
import type { ImportedFrom } from '../../../../core/engine/schemas/tariff-origin';
import { WarningsPanel } from '../tariff-import/WarningsPanel';

/** What the chip says where a typed-in tariff says "Typed in". */
export const IMPORTED_WORDS = {
  label: 'Imported from URDB',
  hint: 'Saved from a rate of the Utility Rate Database. The API lists it as entered by hand (connection_type MANUAL) and keeps where it came from in imported_from.',
};

/**
 * Where a saved tariff was imported from (the rate's utility, name, label and URDB page) and
 * the import's warnings, which stay true of the tariff as saved: shown folded, counted, so the
 * schedule stays in view.
 */
export function ImportedOrigin({ origin }: { origin: ImportedFrom }) {
  const [open, setOpen] = useState(false);
  const n = origin.warnings.length;
  const rate = [origin.utility, origin.name].filter(Boolean).join(' – ');
  return (
    <Paper variant="outlined" sx={{ p: 2 }} aria-label="Imported from">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline', flexWrap: 'wrap', rowGap: 0.5 }}>
        <Typography variant="subtitle2" component="h3" sx={{ flex: 1, minWidth: 240 }}>
          Imported from the Utility Rate Database{rate ? `: ${rate}` : ''}
        </Typography>
        {n > 0 ? (
          <Button size="small" onClick={() => setOpen(!open)} aria-expanded={open} sx={{ flexShrink: 0 }}>
            {open ? 'Hide' : 'Show'} the {n} import {n === 1 ? 'warning' : 'warnings'}
          </Button>
        ) : null}
      </Stack>
      <Typography variant="body2" color="text.secondary" component="div" sx={{ overflowWrap: 'anywhere' }}>
        {origin.label ? (
          <>
            label <NoBreak>{origin.label}</NoBreak>
          </>
        ) : (
          'no label'
        )}
        {origin.url ? (
          <>
            {' · '}
            <Link href={origin.url} target="_blank" rel="noopener noreferrer" data-testid="urdb-page">
              {origin.url}
            </Link>
            <CopyButton value={origin.url} label="the URDB page" />
          </>
        ) : null}
        {n === 0 ? ' · imported whole: nothing in the rate was left out' : null}
      </Typography>
      <Collapse in={open} unmountOnExit>
        <Box sx={{ mt: 1 }}>
          <WarningsPanel warnings={origin.warnings} />
        </Box>
      </Collapse>
    </Paper>
  );
}
