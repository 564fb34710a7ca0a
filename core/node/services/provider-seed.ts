import type { Provider } from '../../engine/schemas/misc.js';
import { dailySchedule } from '../../engine/schedule/structure.js';

const flat = (fixed: number) => dailySchedule([{ valid_from: '00:00:00', valid_to: '00:00:00', rate: [{ fixed }] }]);
const dayNight = (day: number, night: number, from = '07:00:00', to = '22:00:00') =>
  dailySchedule([
    { valid_from: from, valid_to: to, rate: [{ fixed: day }] },
    { valid_from: to, valid_to: from, rate: [{ fixed: night }] },
  ]);
const market = (sf: number, sp: number) =>
  dailySchedule([
    { valid_from: '00:00:00', valid_to: '00:00:00', rate: [{ surcharge_fixed: sf, surcharge_percentage: sp }] },
  ]);
/** A daily standing charge, as every GB electricity tariff has one (pence a day, in pounds). */
const standing = (amount: number) => ({ fixed: [{ amount, per: 'DAY' as const, name: 'Standing charge' }] });
const tiered = (a: number, b: number) =>
  dailySchedule([{ valid_from: '00:00:00', valid_to: '00:00:00', rate: [{ fixed: a, to_kwh: 1500 }, { fixed: b }] }]);

type Seed = Omit<Provider, 'live_mode' | 'object'>;

/**
 * The offline library's providers, a few per demo country, with tariffs of each structure: real
 * supplier names in Great Britain, fictional ones elsewhere.
 */
export const seedProviders: Seed[] = [
  {
    id: 'prv_nordlichtenergie',
    display_name: 'Nordlicht Energie',
    logo_url: '/logos/prv_nordlichtenergie.svg',
    country_codes: ['DE'],
    connection_types: ['LIBRARY'],
    grid_fees_included: false,
    tariffs: [
      {
        id: 'ltf_nordlichtfix',
        name: 'Nordlicht Fix 24',
        description: 'One price around the clock',
        type: 'COMMODITY',
        direction: 'IMPORT',
        market_rates: false,
        schedule: flat(0.3189),
      },
      {
        id: 'ltf_nordlichtnacht',
        name: 'Nordlicht Nacht',
        description: 'Cheaper nights from 22:00 to 06:00',
        type: 'COMMODITY',
        direction: 'IMPORT',
        market_rates: false,
        schedule: dayNight(0.3349, 0.2419, '06:00:00', '22:00:00'),
      },
      {
        id: 'ltf_nordlichtdynamisch',
        name: 'Nordlicht Dynamisch',
        description: 'Day-ahead prices plus 12 ct and VAT',
        type: 'COMMODITY',
        direction: 'IMPORT',
        market_rates: true,
        schedule: market(0.12, 0.19),
      },
      {
        id: 'ltf_nordlichtsonne',
        name: 'Nordlicht Sonne Einspeisung',
        description: 'Feed-in of surplus solar',
        type: 'COMMODITY',
        direction: 'EXPORT',
        market_rates: false,
        schedule: flat(0.0803),
      },
    ],
  },
  {
    id: 'prv_rheinstromwerke',
    display_name: 'Rheinstrom Werke',
    logo_url: '/logos/prv_rheinstromwerke.svg',
    country_codes: ['DE'],
    connection_types: ['DIRECT'],
    grid_fees_included: true,
    direct_behaviour: 'succeed',
    tariffs: [
      {
        id: 'ltf_rheinstromklassik',
        name: 'Rheinstrom Klassik',
        description: 'Basic supply incl. grid fees',
        type: 'COMMODITY',
        direction: 'IMPORT',
        market_rates: false,
        schedule: tiered(0.3612, 0.3398),
      },
    ],
  },
  // Great Britain: real suppliers a UK customer recognises, with plausible tariffs of each
  // structure and the daily standing charge a UK bill always has (names only; the prices are
  // illustrative, near the 2026 price cap). The list shows the newest first, so
  // they are seeded in reverse: the connect flow lists them Octopus Energy first, Ecotricity last.
  {
    id: 'prv_ecotricity',
    display_name: 'Ecotricity',
    logo_url: '/logos/prv_ecotricity.svg',
    country_codes: ['GB'],
    // Market-only: no library tariffs; the customer's tariff follows the market plus their surcharges.
    connection_types: ['MARKET'],
    grid_fees_included: true,
    tariffs: [],
  },
  {
    id: 'prv_ovoenergy',
    display_name: 'OVO Energy',
    logo_url: '/logos/prv_ovoenergy.svg',
    country_codes: ['GB'],
    connection_types: ['LIBRARY'],
    grid_fees_included: true,
    tariffs: [
      {
        id: 'ltf_ovosimpler',
        name: 'Simpler Energy',
        description: 'Standard variable',
        type: 'COMMODITY',
        direction: 'IMPORT',
        market_rates: false,
        schedule: flat(0.2449),
        charges: standing(0.5131),
      },
      {
        id: 'ltf_ovochargeanytime',
        name: 'Charge Anytime',
        description: 'Cheaper car charging at night, 00:00 to 05:00',
        type: 'COMMODITY',
        direction: 'IMPORT',
        market_rates: false,
        schedule: dayNight(0.2689, 0.07, '05:00:00', '00:00:00'),
        charges: standing(0.5131),
      },
    ],
  },
  {
    id: 'prv_eonnext',
    display_name: 'E.ON Next',
    logo_url: '/logos/prv_eonnext.svg',
    country_codes: ['GB'],
    connection_types: ['DIRECT'],
    grid_fees_included: true,
    direct_behaviour: 'pending',
    tariffs: [
      {
        id: 'ltf_eonnextflex',
        name: 'Next Flex',
        description: 'Standard variable',
        type: 'COMMODITY',
        direction: 'IMPORT',
        market_rates: false,
        schedule: flat(0.2551),
        charges: standing(0.5049),
      },
    ],
  },
  {
    id: 'prv_edf',
    display_name: 'EDF',
    logo_url: '/logos/prv_edf.svg',
    country_codes: ['GB'],
    connection_types: ['LIBRARY'],
    grid_fees_included: true,
    tariffs: [
      {
        id: 'ltf_edfstandard',
        name: 'Standard Variable',
        description: 'One price around the clock',
        type: 'COMMODITY',
        direction: 'IMPORT',
        market_rates: false,
        schedule: flat(0.2432),
        charges: standing(0.5218),
      },
      {
        id: 'ltf_edfeconomy7',
        name: 'Economy 7',
        description: 'Seven cheaper night hours, 00:30 to 07:30',
        type: 'COMMODITY',
        direction: 'IMPORT',
        market_rates: false,
        schedule: dayNight(0.2903, 0.1386, '07:30:00', '00:30:00'),
        charges: standing(0.5218),
      },
    ],
  },
  {
    id: 'prv_britishgas',
    display_name: 'British Gas',
    logo_url: '/logos/prv_britishgas.svg',
    country_codes: ['GB'],
    connection_types: ['LIBRARY'],
    grid_fees_included: true,
    tariffs: [
      {
        id: 'ltf_britishgasstandard',
        name: 'Standard Variable',
        description: 'One price around the clock',
        type: 'COMMODITY',
        direction: 'IMPORT',
        market_rates: false,
        schedule: flat(0.2486),
        charges: standing(0.5366),
      },
      {
        id: 'ltf_britishgasdriver',
        name: 'Electric Driver',
        description: 'Cheaper nights for charging, 00:00 to 05:00',
        type: 'COMMODITY',
        direction: 'IMPORT',
        market_rates: false,
        schedule: dayNight(0.2841, 0.0799, '05:00:00', '00:00:00'),
        charges: standing(0.5366),
      },
    ],
  },
  {
    id: 'prv_octopusenergy',
    display_name: 'Octopus Energy',
    logo_url: '/logos/prv_octopusenergy.svg',
    country_codes: ['GB'],
    connection_types: ['LIBRARY'],
    grid_fees_included: true,
    tariffs: [
      {
        id: 'ltf_octopusflexible',
        name: 'Flexible Octopus',
        description: 'Standard variable',
        type: 'COMMODITY',
        direction: 'IMPORT',
        market_rates: false,
        schedule: flat(0.2462),
        charges: standing(0.4997),
      },
      {
        id: 'ltf_octopusgo',
        name: 'Octopus Go',
        description: 'Cheap nights for charging, 00:30 to 05:30',
        type: 'COMMODITY',
        direction: 'IMPORT',
        market_rates: false,
        schedule: dayNight(0.2762, 0.085, '05:30:00', '00:30:00'),
        charges: standing(0.4997),
      },
      {
        id: 'ltf_octopusagile',
        name: 'Agile Octopus',
        description: 'Half-hourly prices following the day-ahead market',
        type: 'COMMODITY',
        direction: 'IMPORT',
        market_rates: true,
        schedule: market(0.04, 0.05),
        charges: standing(0.4997),
      },
    ],
  },
  {
    id: 'prv_prairiesun',
    display_name: 'Prairie Sun Utilities',
    logo_url: '/logos/prv_prairiesun.svg',
    country_codes: ['US'],
    connection_types: ['LIBRARY'],
    grid_fees_included: true,
    tariffs: [
      {
        id: 'ltf_prairietou',
        name: 'Time of Use 4-9 pm',
        description: 'Peak 16:00 to 21:00',
        type: 'COMMODITY',
        direction: 'IMPORT',
        market_rates: false,
        schedule: dayNight(0.41, 0.19, '16:00:00', '21:00:00'),
      },
      {
        id: 'ltf_prairieflat',
        name: 'Residential Flat',
        description: '',
        type: 'COMMODITY',
        direction: 'IMPORT',
        market_rates: false,
        schedule: flat(0.17),
      },
    ],
  },
  {
    id: 'prv_harbourlight',
    display_name: 'Harbour Light Energy',
    logo_url: '/logos/prv_harbourlight.svg',
    country_codes: ['AU'],
    connection_types: ['DIRECT'],
    grid_fees_included: false,
    direct_behaviour: 'fail',
    tariffs: [
      {
        id: 'ltf_harbourflex',
        name: 'Harbour Flex',
        description: '',
        type: 'COMMODITY',
        direction: 'IMPORT',
        market_rates: false,
        schedule: dayNight(0.38, 0.22),
      },
    ],
  },
  {
    id: 'prv_wattlegrove',
    display_name: 'Wattle Grove Power',
    logo_url: '/logos/prv_wattlegrove.svg',
    country_codes: ['AU'],
    connection_types: ['LIBRARY'],
    grid_fees_included: false,
    tariffs: [
      {
        id: 'ltf_wattlespot',
        name: 'Wattle Spot',
        description: 'Wholesale pass-through',
        type: 'COMMODITY',
        direction: 'IMPORT',
        market_rates: true,
        schedule: market(0.05, 0.1),
      },
    ],
  },
  {
    id: 'prv_fjordkraftverk',
    display_name: 'Fjordvik Kraft',
    logo_url: '/logos/prv_fjordkraftverk.svg',
    country_codes: ['NO', 'SE'],
    connection_types: ['LIBRARY'],
    grid_fees_included: false,
    tariffs: [
      {
        id: 'ltf_fjordspot',
        name: 'Spotpris',
        description: 'Spot plus 4.9 øre',
        type: 'COMMODITY',
        direction: 'IMPORT',
        market_rates: true,
        schedule: market(0.049, 0.25),
      },
    ],
  },
];
