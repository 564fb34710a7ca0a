import { Button, Stack } from '@mui/material';
import type { PageProps } from '../page-props';
import { PageError } from './form';
import type { StructureType } from '../../../core/engine/schedule/structure';

const LABELS: Record<StructureType, [string, string]> = {
  FIXED: ['One price', 'The same price per kWh at all times'],
  TIME_OF_DAY: ['By time of day', 'Different prices for day and night, or peak hours'],
  MARKET: ['Market price', 'Follows the wholesale market, plus a surcharge'],
};

export function StructurePage({ page, submit, busy, errorFor }: PageProps<'tariff_structure_select'>) {
  return (
    <Stack spacing={2} role="group" aria-label="Tariff structure">
      <PageError message={errorFor('options')} />
      {page.data.options.map((o) => (
        <Button
          key={o}
          variant="outlined"
          size="large"
          onClick={() => submit({ options: [o] })}
          disabled={busy}
          sx={{
            justifyContent: 'flex-start',
            textAlign: 'left',
            flexDirection: 'column',
            alignItems: 'flex-start',
            textTransform: 'none',
          }}
        >
          <strong>{LABELS[o]?.[0] ?? o}</strong>
          <span>{LABELS[o]?.[1]}</span>
        </Button>
      ))}
    </Stack>
  );
}
