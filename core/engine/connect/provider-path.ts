import type { Provider } from '../schemas/misc.js';
import type { TariffDirection, TariffType } from '../schemas/common.js';

/**
 * How a provider's customer goes on from provider selection, for one tariff slot
 * (docs/connect.md, Paths through the pages):
 * - `DIRECT`: the provider's own login and consent pages;
 * - `LIBRARY`: its library tariffs of the slot;
 * - `MARKET`: a market-only provider (no login, no library tariff of the slot): the tariff
 *   follows the market, and the customer gives only the surcharges on top;
 * - null: it offers the slot nothing, so provider selection does not list it.
 */
export type ProviderPath = 'DIRECT' | 'LIBRARY' | 'MARKET';

/** Market prices are published for what a household buys and sells, not for a local supply such as leased PV. */
const MARKET_DIRECTIONS: readonly TariffDirection[] = ['IMPORT', 'EXPORT'];

export function providerPath(
  p: Pick<Provider, 'connection_types' | 'tariffs'>,
  type: TariffType,
  direction: TariffDirection,
): ProviderPath | null {
  if (p.connection_types.includes('DIRECT')) return 'DIRECT';
  if (p.tariffs.some((x) => x.type === type && x.direction === direction)) return 'LIBRARY';
  if (p.connection_types.includes('MARKET') && type === 'COMMODITY' && MARKET_DIRECTIONS.includes(direction))
    return 'MARKET';
  return null;
}
