import { useState, type ReactNode } from 'react';
import {
  Alert,
  Button,
  InputAdornment,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  type SxProps,
  type Theme,
} from '@mui/material';
import { usePriceUnit } from './kept-unit';
import { fromMajor, majorSymbol, minorUnitOf, SUSPECT_ABOVE, toMajor, type PriceUnit } from './units';

/** What the field shows while it is typed in: the text as typed, for the value it gave. */
interface Typed {
  text: string;
  unit: PriceUnit;
  value: number | undefined;
}

const same = (a: number | undefined, b: number | undefined) => a === b || (Number.isNaN(a) && Number.isNaN(b));

/**
 * A price per kWh, held in the currency's major unit and typed in it or, where the currency has a
 * minor unit people price in, in that (p/kWh for GBP, ct/kWh for EUR, ¢/kWh for USD); the switch
 * at its end is kept per currency. A price over 5 major units a kWh typed in the major unit asks
 * whether the minor unit was meant, with the fix a click away; the value stays as typed until
 * then. Rendered as the field then, while it asks, the question: in a grid the question spans
 * the row (`gridColumn: 1 / -1`), in a wrapping flex row it takes a line of its own.
 */
export function PriceField({
  label,
  value,
  currency,
  onValue,
  error,
  helperText,
  step = 0.01,
  min,
  testId,
  sx,
}: {
  /** What the price is, "Price" or "Surcharge"; the unit follows it in the label. */
  label: string;
  value: number | undefined;
  currency: string | undefined;
  onValue(v: number | undefined): void;
  error?: boolean;
  helperText?: ReactNode;
  step?: number;
  /** The lowest price the field offers (its spinner's), in major units. */
  min?: number;
  testId?: string;
  sx?: SxProps<Theme>;
}) {
  const minor = minorUnitOf(currency);
  const [unit, setUnit] = usePriceUnit(currency);
  const [typed, setTyped] = useState<Typed | null>(null);
  // The value typed that is asked about; "Keep" or any other value ends the question.
  const [asked, setAsked] = useState<number | null>(null);
  const majorName = currency ? `${currency}/kWh` : 'per kWh';
  const unitName = unit === 'minor' && minor ? `${minor.name}/kWh` : majorName;
  const shown = typed && typed.unit === unit && same(typed.value, value) ? typed.text : fromMajor(value, unit, minor);
  const asking = minor && unit === 'major' && asked !== null && asked === value && value > SUSPECT_ABOVE;
  const meant = asking ? String(value) : '';

  const type = (text: string) => {
    const v = toMajor(text, unit, minor);
    setTyped({ text, unit, value: v });
    setAsked(minor && unit === 'major' && v !== undefined && v > SUSPECT_ABOVE ? v : null);
    onValue(v);
  };

  return (
    <>
      <TextField
        size="small"
        label={`${label} ${unitName}`}
        type="number"
        value={shown}
        onChange={(e) => type(e.target.value)}
        // A price typed in the minor unit is rounded to 5 decimals of the major one: shown so once left.
        onBlur={() => unit === 'minor' && setTyped(null)}
        error={error}
        helperText={helperText}
        sx={sx}
        slotProps={{
          htmlInput: {
            step: unit === 'minor' ? step * 10 : step,
            min: min === undefined ? undefined : fromMajor(min, unit, minor),
            'data-testid': testId,
          },
          // Above the field always: the unit switch at its end would cut a label resting inside.
          inputLabel: minor ? { shrink: true } : undefined,
          input: minor
            ? {
                endAdornment: (
                  <InputAdornment position="end" sx={{ ml: 0.5 }}>
                    <ToggleButtonGroup
                      size="small"
                      exclusive
                      value={unit}
                      onChange={(_, u: PriceUnit | null) => u && setUnit(u)}
                      aria-label={`${label} unit`}
                      sx={{
                        '& .MuiToggleButton-root': { py: 0.125, px: 0.75, textTransform: 'none', lineHeight: 1.4 },
                      }}
                    >
                      <ToggleButton value="major" aria-label={majorName} title={`Type in ${majorName}`}>
                        {currency ? majorSymbol(currency) : ''}
                      </ToggleButton>
                      <ToggleButton value="minor" aria-label={`${minor.name}/kWh`} title={`Type in ${minor.name}/kWh`}>
                        {minor.name}
                      </ToggleButton>
                    </ToggleButtonGroup>
                  </InputAdornment>
                ),
              }
            : {},
        }}
      />
      {asking ? (
        <Alert severity="warning" aria-label={`${label} check`} sx={{ gridColumn: '1 / -1', flexBasis: '100%', py: 0 }}>
          Did you mean {meant} {minor.name}/kWh? {meant} {majorName} is over {SUSPECT_ABOVE} {currency} a kWh.
          <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', mt: 0.5 }}>
            <Button
              size="small"
              variant="outlined"
              // "p/kWh" as written: upper case would make it another unit.
              sx={{ textTransform: 'none' }}
              onClick={() => {
                setAsked(null);
                onValue(toMajor(meant, 'minor', minor));
              }}
            >
              Use {meant} {minor.name}/kWh
            </Button>
            <Button size="small" sx={{ textTransform: 'none' }} onClick={() => setAsked(null)}>
              Keep {meant} {majorName}
            </Button>
          </Stack>
        </Alert>
      ) : null}
    </>
  );
}
