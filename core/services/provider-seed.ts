import type { Provider } from '../schemas/misc.js';

/** Fictional providers of the offline library, a few per demo country. */
export const seedProviders: Omit<Provider, 'live_mode' | 'object'>[] = [
  { id: 'prv_nordlichtenergie', display_name: 'Nordlicht Energie', logo_url: '/assets/logos/prv_nordlichtenergie.svg', country_codes: ['DE'], connection_types: ['LIBRARY'], grid_fees_included: false },
  { id: 'prv_rheinstromwerke', display_name: 'Rheinstrom Werke', logo_url: '/assets/logos/prv_rheinstromwerke.svg', country_codes: ['DE'], connection_types: ['LIBRARY', 'DIRECT'], grid_fees_included: true, direct_behaviour: 'succeed' },
  { id: 'prv_thamespower', display_name: 'Thames Power', logo_url: '/assets/logos/prv_thamespower.svg', country_codes: ['GB'], connection_types: ['LIBRARY'], grid_fees_included: true },
  { id: 'prv_highlandgrid', display_name: 'Highland Electric', logo_url: '/assets/logos/prv_highlandgrid.svg', country_codes: ['GB'], connection_types: ['DIRECT'], grid_fees_included: true, direct_behaviour: 'pending' },
  { id: 'prv_prairiesun', display_name: 'Prairie Sun Utilities', logo_url: '/assets/logos/prv_prairiesun.svg', country_codes: ['US'], connection_types: ['LIBRARY'], grid_fees_included: true },
  { id: 'prv_harbourlight', display_name: 'Harbour Light Energy', logo_url: '/assets/logos/prv_harbourlight.svg', country_codes: ['AU'], connection_types: ['LIBRARY', 'DIRECT'], grid_fees_included: false, direct_behaviour: 'fail' },
  { id: 'prv_fjordkraftverk', display_name: 'Fjordvik Kraft', logo_url: '/assets/logos/prv_fjordkraftverk.svg', country_codes: ['NO', 'SE'], connection_types: ['LIBRARY'], grid_fees_included: false },
];
