import type { Scope } from '../db/documents.js';
import type { StoredTariff } from '../db/store.js';
import type { LocationStatus, Slot } from '../../engine/schemas/connect.js';
import type { LocationService } from './locations.js';
import type { TariffService } from './tariffs.js';
import type { ProviderService } from './providers.js';
import type { GridFeeService } from './grid-fees.js';
import { structureOf } from '../../engine/schedule/structure.js';
import { contractDateTime } from '../../engine/schedule/contract.js';

const EMPTY: Slot = { status: 'NOT_CONNECTED', connection_type: null, provider: null, tariff: null };
const NOT_SUPPORTED = { status: 'NOT_SUPPORTED' } as const;

/** `GET /locations/{id}/status`: one slot per type and direction, and the grid-fee check (docs/connect.md, Grid fees). */
export class StatusService {
  constructor(
    private readonly locations: LocationService,
    private readonly tariffs: TariffService,
    private readonly providers: ProviderService,
    private readonly gridFees: GridFeeService,
  ) {}

  private slot(scope: Scope, t: StoredTariff | undefined, zone: string): Slot {
    if (!t) return EMPTY;
    let provider: Slot['provider'] = null;
    if (t.provider_id) {
      try {
        const p = this.providers.get(t.provider_id, scope.liveMode);
        provider = { id: p.id, display_name: p.display_name, logo_url: p.logo_url };
      } catch {
        provider = { id: t.provider_id, display_name: t.provider_id, logo_url: null };
      }
    }
    return {
      status: t.status,
      connection_type: t.connection_type,
      provider,
      tariff: {
        id: t.id,
        display_name: t.display_name ?? null,
        structure_type: structureOf(t),
        contract_end_date: contractDateTime(t.contract_end_date, zone),
      },
    };
  }

  /** The grid fee to offer: a COMMODITY+IMPORT tariff whose contract leaves grid fees out, and an operator for the address. */
  gridFeeOffer(scope: Scope, locationId: string) {
    const loc = this.locations.find(scope, locationId);
    const supply = this.tariffs.slot(scope, locationId, 'COMMODITY', 'IMPORT').at(-1);
    if (!supply) return undefined;
    if (supply.provider_id) {
      try {
        if (this.providers.get(supply.provider_id, scope.liveMode).grid_fees_included) return undefined;
      } catch {
        /* an unknown provider says nothing about grid fees */
      }
    }
    const fee = this.gridFees.find(loc.postal_address.country_code, loc.postal_address.post_code);
    return fee ? { grid_fee_id: fee.id, grid_operator: fee.grid_operator, display_name: fee.display_name } : undefined;
  }

  status(scope: Scope, locationId: string): LocationStatus {
    const loc = this.locations.find(scope, locationId);
    const last = (type: 'COMMODITY' | 'NON_COMMODITY', dir: 'IMPORT' | 'EXPORT' | 'LOCAL') =>
      this.tariffs.slot(scope, locationId, type, dir).at(-1);
    const nc = last('NON_COMMODITY', 'IMPORT');
    const offer = nc ? undefined : this.gridFeeOffer(scope, locationId);
    return {
      id: locationId,
      object: 'location_status',
      live_mode: scope.liveMode,
      account_id: scope.accountId,
      time_created: loc.time_created,
      tariff_status: {
        commodity_import: this.slot(scope, last('COMMODITY', 'IMPORT'), loc.timezone),
        commodity_export: this.slot(scope, last('COMMODITY', 'EXPORT'), loc.timezone),
        non_commodity_import: nc ? this.slot(scope, nc, loc.timezone) : offer ? { ...EMPTY, offer } : EMPTY,
        non_commodity_export: NOT_SUPPORTED,
        local: NOT_SUPPORTED,
      },
    };
  }
}
