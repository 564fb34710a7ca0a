import { Typography } from '@mui/material';
import type { PageProps } from '../page-props';
import { PageForm } from './form';
import { useSurcharge } from './surcharge-fields';
import { marketWords } from '../../../core/engine/labels';

export function SurchargePage({ page, submit, busy, errorFor }: PageProps<'surcharge_capture'>) {
  const { fields, surcharge } = useSurcharge(page.data.surcharge, page.data.currency_code, errorFor('percentage'));
  return (
    <PageForm busy={busy} onSubmit={() => submit({ surcharge: surcharge() })}>
      {/* The market the prices follow: the customer may not have chosen it (a country with one region). */}
      {page.data.region ? (
        <Typography color="text.secondary" data-testid="surcharge-market">
          Prices follow: {marketWords(page.data.region).label}. Your surcharges are added on top.
        </Typography>
      ) : null}
      {fields}
    </PageForm>
  );
}
