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
const tiered = (a: number, b: number) =>
  dailySchedule([{ valid_from: '00:00:00', valid_to: '00:00:00', rate: [{ fixed: a, to_kwh: 1500 }, { fixed: b }] }]);

type Seed = Omit<Provider, 'live_mode' | 'object'>;

/** Fictional providers of the offline library, a few per demo country, with tariffs of each structure. */
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
  {
    id: 'prv_thamespower',
    display_name: 'Thames Power',
    logo_url: '/logos/prv_thamespower.svg',
    country_codes: ['GB'],
    connection_types: ['LIBRARY'],
    grid_fees_included: true,
    tariffs: [
      {
        id: 'ltf_thamesflex',
        name: 'Flexible Octave',
        description: 'Standard variable',
        type: 'COMMODITY',
        direction: 'IMPORT',
        market_rates: false,
        schedule: flat(0.2462),
      },
      {
        id: 'ltf_thamesev',
        name: 'EV Nights',
        description: '7p-ish nights for charging, 00:30 to 04:30',
        type: 'COMMODITY',
        direction: 'IMPORT',
        market_rates: false,
        schedule: dayNight(0.2762, 0.085, '04:30:00', '00:30:00'),
      },
      {
        id: 'ltf_thamesagile',
        name: 'Agile Thames',
        description: 'Half-hourly prices',
        type: 'COMMODITY',
        direction: 'IMPORT',
        market_rates: true,
        schedule: market(0.04, 0.05),
      },
    ],
  },
  {
    id: 'prv_highlandgrid',
    display_name: 'Highland Electric',
    logo_url: '/logos/prv_highlandgrid.svg',
    country_codes: ['GB'],
    connection_types: ['DIRECT'],
    grid_fees_included: true,
    direct_behaviour: 'pending',
    tariffs: [
      {
        id: 'ltf_highlandstandard',
        name: 'Highland Standard',
        description: '',
        type: 'COMMODITY',
        direction: 'IMPORT',
        market_rates: false,
        schedule: flat(0.2551),
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
