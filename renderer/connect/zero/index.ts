import type { ComponentType } from 'react';
import type { ZeroPageProps, ZeroRoute } from './protocol';
import { MarketSurchargePage } from './MarketSurchargePage';
import { SummaryFixedPage, SummaryTouPage } from './SummaryConfirmPage';
import { FailedPage, InProgressPage } from './OutcomePages';

/** Zero's own screens; the pages Zero shares with Anode keep Anode's screens. */
export const ZERO_SCREENS: Partial<{ [R in ZeroRoute]: ComponentType<ZeroPageProps<R>> }> = {
  market_surcharge_capture: MarketSurchargePage,
  summary_fixed_confirm: SummaryFixedPage,
  summary_tou_confirm: SummaryTouPage,
  summary_tariff_inprogress: InProgressPage,
  summary_tariff_failed: FailedPage,
};

export const ZERO_TITLES: Partial<Record<ZeroRoute, string>> = {
  market_surcharge_capture: 'Your surcharge on the market price',
  summary_fixed_confirm: 'Your tariff',
  summary_tou_confirm: 'Your tariff',
  summary_tariff_inprogress: 'Connecting your tariff',
  summary_tariff_failed: 'We could not connect your tariff',
};
