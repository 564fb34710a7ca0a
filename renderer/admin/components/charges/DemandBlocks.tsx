import { Button, IconButton, Stack, Typography } from '@mui/material';
import type { DemandTier } from '../../../../core/engine/schemas/charges';
import { NumberField } from './fields';
import { perKw } from './words';

/**
 * The kW blocks of a demand rate: the first bound's kW at the first price, the kW above it at the
 * next, and so on; the last block has no bound. `label` names the rate for screen readers.
 */
export function DemandBlocks({
  rate,
  onChange,
  currency,
  label,
}: {
  rate: DemandTier[];
  onChange(r: DemandTier[]): void;
  currency: string | undefined;
  label: string;
}) {
  const set = (k: number, t: DemandTier) => onChange(rate.map((x, j) => (j === k ? t : x)));
  return (
    <Stack spacing={1} role="group" aria-label={label}>
      {rate.map((t, k) => {
        const last = k === rate.length - 1;
        return (
          <Stack
            key={k}
            direction="row"
            spacing={1}
            useFlexGap
            role="group"
            aria-label={`Block ${k + 1}`}
            sx={{ alignItems: 'center', flexWrap: 'wrap' }}
          >
            {rate.length > 1 ? (
              <Typography variant="caption" color="text.secondary" sx={{ width: 52 }}>
                {k === 0 ? 'First' : last ? 'Above' : `Then`}
              </Typography>
            ) : null}
            <NumberField
              label="Rate"
              unit={perKw(currency)}
              value={t.fixed}
              onValue={(v) => set(k, { ...t, fixed: v ?? 0 })}
            />
            {rate.length > 1 ? (
              <NumberField
                label="Up to kW"
                placeholder={last ? 'no bound' : 'kW'}
                value={t.to_kw}
                onValue={(v) => {
                  const next: DemandTier = { fixed: t.fixed };
                  if (v !== undefined) next.to_kw = v;
                  set(k, next);
                }}
              />
            ) : null}
            {rate.length > 1 ? (
              <IconButton
                size="small"
                aria-label={`Remove block ${k + 1}`}
                onClick={() => onChange(rate.filter((_, j) => j !== k))}
              >
                ×
              </IconButton>
            ) : null}
          </Stack>
        );
      })}
      <Stack direction="row">
        <Button
          size="small"
          onClick={() => {
            // The block before the new one needs a bound: the last bound and 10 kW more, as a start to edit.
            const bound = Math.max(0, ...rate.map((t) => t.to_kw ?? 0)) + 10;
            const head = rate.map((t, k) =>
              k === rate.length - 1 && t.to_kw === undefined ? { ...t, to_kw: bound } : t,
            );
            onChange([...head, { fixed: rate.at(-1)?.fixed ?? 0 }]);
          }}
        >
          Add kW block
        </Button>
      </Stack>
    </Stack>
  );
}
