import { useState } from 'react';
import { Box, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useApp } from '../../../context';
import { ErrorAlert, Loading } from '../../../components/common';
import { SelectField } from '../../../components/forms';
import { money } from '../../../candidate';
import { BillTable } from './BillTable';
import { billWindowOf, MONTH_NAMES, monthLabel } from './months';
import { USAGE_DEBOUNCE_MS } from '../../../components/UsagePicker';
import { BatteryPicker } from '../../../components/battery/BatteryPicker';
import { BatteryDayView } from '../../../components/battery/DayView';
import { PriceField } from '../../../components/price/PriceField';
import { NO_BATTERY, NO_CAR, type BatteryChoice, type CarChoice } from '../../../components/battery/model';
import { useFlexibleBody } from '../../../components/battery/flexible';

type Credits = 'PAID_MONTHLY' | 'CARRIED' | 'NET_METERING';

const CREDITS = [
  ['PAID_MONTHLY', 'Export credit paid each month'],
  ['CARRIED', 'Credit carried to a yearly true-up'],
  ['NET_METERING', 'Net metering (kWh credits, yearly true-up)'],
] as const;

/** The request's metering for the choice: net metering settles kWh, the others money credit. */
const meteringOf = (credits: Credits, trueUp: number, rate: number) =>
  credits === 'NET_METERING'
    ? { mode: 'NET_METERING' as const, true_up_month: trueUp, true_up_rate: rate }
    : { credits, ...(credits === 'CARRIED' ? { true_up_month: trueUp } : {}) };

/**
 * The location's whole bill from its stored meter records (`POST /bills/{location_id}` without
 * usage) over the whole local months that cover the page's window: its IMPORT records as energy
 * drawn from the grid and its EXPORT records as energy sent to it, whatever direction the page shows.
 */
export function BillPart({
  locationId,
  zone,
  currency,
  window,
}: {
  locationId: string;
  zone: string;
  /** The location's currency: the true-up rate is typed in it (or its minor unit). */
  currency: string;
  window: { fromMs: number; toMs: number };
}) {
  const { api, liveMode } = useApp();
  const [credits, setCredits] = useState<Credits>('PAID_MONTHLY');
  const [trueUp, setTrueUp] = useState(12);
  const [rate, setRate] = useState(0);
  const [battery, setBattery] = useState<BatteryChoice>(NO_BATTERY);
  const [car, setCar] = useState<CarChoice>(NO_CAR);
  // Typed sizes ask once typing pauses.
  const flexible = useFlexibleBody(battery, car, USAGE_DEBOUNCE_MS);
  const w = billWindowOf(window.fromMs, window.toMs, zone);
  const bill = useQuery({
    queryKey: [
      'bill',
      liveMode,
      locationId,
      w.start_time,
      w.end_time,
      credits,
      trueUp,
      rate,
      flexible.request,
      flexible.start_soc_kwh,
    ],
    queryFn: () =>
      api
        .call('bills.create', {
          params: { location_id: locationId },
          body: {
            start_time: w.start_time,
            end_time: w.end_time,
            metering: meteringOf(credits, trueUp, rate),
            ...flexible.request,
          },
        })
        .then((answer) => ({ ...answer, start_soc_kwh: flexible.start_soc_kwh })),
    retry: false,
  });
  const b = bill.data;
  const lastMonth = b?.months.at(-1);
  return (
    <Stack spacing={1}>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
        <SelectField
          label="Export credit"
          value={credits}
          onChange={(v) => setCredits(v as Credits)}
          options={CREDITS}
          sx={{ minWidth: 280 }}
        />
        {credits === 'NET_METERING' ? (
          <PriceField
            label="True-up rate"
            currency={currency}
            value={rate}
            onValue={(v) => setRate(Math.max(0, v || 0))}
            min={0}
            testId="bill-true-up-rate"
            sx={{ width: 200 }}
          />
        ) : null}
        {credits !== 'PAID_MONTHLY' ? (
          <SelectField
            label="True-up at the end of"
            value={String(trueUp)}
            onChange={(v) => setTrueUp(Number(v))}
            options={MONTH_NAMES.map((n, i) => [String(i + 1), n] as const)}
            sx={{ minWidth: 190 }}
          />
        ) : null}
        <Typography variant="body2" color="text.secondary" sx={{ flex: '1 1 260px' }}>
          Whole local months covering the window, from the location’s stored meter records: import records as energy
          drawn from the grid, export records as energy sent to it.
        </Typography>
      </Stack>
      <Box component="section" aria-label="Household battery and car" sx={{ maxWidth: 560 }}>
        <BatteryPicker battery={battery} onBattery={setBattery} car={car} onCar={setCar} />
      </Box>
      <Loading show={bill.isFetching} />
      <ErrorAlert error={bill.error} />
      {b ? (
        <>
          <Typography data-testid="bill-total">
            <strong>{money(b.total, b.currency_code)}</strong> to pay for{' '}
            {b.months.length === 1
              ? monthLabel(b.months[0]!.start_time, zone)
              : `${monthLabel(b.months[0]!.start_time, zone)} – ${monthLabel(lastMonth!.start_time, zone)}`}
            {b.total < 0 ? ' (negative: the customer is paid)' : ''}
          </Typography>
          {b.battery ? (
            <Typography data-testid="bill-battery">
              {/* A negative saving (an end state bought and not used) is said as what the battery adds. */}
              The battery {b.battery.saving < 0 ? 'adds' : 'saves'}{' '}
              <strong>{money(Math.abs(b.battery.saving), b.currency_code)}</strong>: the bill would be{' '}
              {money(b.battery.total_without, b.currency_code)} without it. It charges{' '}
              {b.battery.charged_kwh.toLocaleString('en-GB', { maximumFractionDigits: 1 })} kWh and gives{' '}
              {b.battery.discharged_kwh.toLocaleString('en-GB', { maximumFractionDigits: 1 })} kWh (
              {b.battery.cycles.toLocaleString('en-GB', { maximumFractionDigits: 1 })} cycles).
              {b.battery.warnings.length ? ` ${b.battery.warnings.join(' ')}` : ''}
            </Typography>
          ) : null}
          <BillTable bill={b} zone={zone} />
          {b.months.some((m) => m.unpriced_kwh > 0) ? (
            <Typography variant="body2" color="text.secondary">
              Some energy fell where no tariff gives a price and was costed or credited 0.
            </Typography>
          ) : null}
          {b.battery?.dispatch?.length ? (
            <BatteryDayView
              sources={[
                { key: 'bill', name: 'Stored tariffs', cells: b.battery.dispatch, start_soc_kwh: b.start_soc_kwh },
              ]}
              locationId={locationId}
              zone={zone}
              currency={b.currency_code}
            />
          ) : null}
        </>
      ) : null}
    </Stack>
  );
}
