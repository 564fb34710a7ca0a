import type { ComponentType } from 'react';
import type { PageProps } from '../page-props';
import type { ConnectRoute } from '../protocol';
import { AddressPage } from './AddressPage';
import { ProviderSelectPage } from './ProviderSelectPage';
import { ProviderNamePage, TariffNamePage } from './NameCapturePage';
import { TariffSelectPage } from './TariffSelectPage';
import { StructurePage } from './StructurePage';
import { ContractTermPage } from './ContractTermPage';
import { FixedRatePage } from './FixedRatePage';
import { TodRatePage } from './TodRatePage';
import { RegionPage } from './RegionPage';
import { SurchargePage } from './SurchargePage';
import { FailedPage, PendingPage } from './StatusPage';
import { SummaryPage } from './SummaryPage';

/** One screen per route of the connect protocol; the compiler insists on each, typed by its route. */
export const PAGES: { [R in ConnectRoute]: ComponentType<PageProps<R>> } = {
  postal_address_capture: AddressPage,
  provider_select: ProviderSelectPage,
  provider_name_capture: ProviderNamePage,
  tariff_select: TariffSelectPage,
  tariff_name_capture: TariffNamePage,
  tariff_structure_select: StructurePage,
  contract_term_capture: ContractTermPage,
  rate_fixed_capture: FixedRatePage,
  rate_tod_capture: TodRatePage,
  region_select: RegionPage,
  surcharge_capture: SurchargePage,
  tariff_connection_pending: PendingPage,
  tariff_connection_failed: FailedPage,
  tariff_summary: SummaryPage,
};

export const TITLES: Record<ConnectRoute, string> = {
  postal_address_capture: 'Where is the supply?',
  provider_select: 'Choose your energy provider',
  provider_name_capture: 'Name your provider',
  tariff_select: 'Choose your tariff',
  tariff_name_capture: 'Name your tariff',
  tariff_structure_select: 'How is your tariff priced?',
  contract_term_capture: 'When does your contract end?',
  rate_fixed_capture: 'Your price per kWh',
  rate_tod_capture: 'Your prices by time of day',
  region_select: 'Which market prices does it follow?',
  surcharge_capture: 'Your surcharge on the market price',
  tariff_connection_pending: 'Waiting for your provider',
  tariff_connection_failed: 'We could not connect your tariff',
  tariff_summary: 'Your tariff',
};
