import type { Db } from '../db/database.js';
import type { Page, Scope } from '../db/documents.js';
import type { Store, StoredCustomer } from '../db/store.js';
import type { Clock } from '../../engine/clock.js';
import type { IdGenerator } from '../../engine/ids.js';
import type { Customer, CustomerCreate, CustomerUpdate } from '../../engine/schemas/customer.js';
import { notFound } from '../../engine/errors.js';
import type { EventService } from './events.js';
import type { LocationService } from './locations.js';

/** Customers (`cus_`): a reference of the integrator's, and the locations that name them. */
export class CustomerService {
  private readonly locationIds;

  constructor(
    private readonly db: Db,
    private readonly store: Store,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
    private readonly events: EventService,
    private readonly locations: LocationService,
  ) {
    this.locationIds = db
      .prepare<[string, number, string], string>(
        'SELECT id FROM locations WHERE account_id = ? AND live_mode = ? AND customer_id = ? ORDER BY seq',
      )
      .pluck();
  }

  /** The customer as answered: its locations read from the locations that name it. */
  private view(scope: Scope, c: StoredCustomer): Customer {
    const locations = this.locationIds.all(scope.accountId, scope.liveMode ? 1 : 0, c.id);
    const { time_created, account_id, ...head } = c;
    return { ...head, locations, time_created, account_id };
  }

  find(scope: Scope, id: string): StoredCustomer {
    const c = this.store.customers.get(scope, id);
    if (!c) throw notFound('customer', id);
    return c;
  }

  get(scope: Scope, id: string): Customer {
    return this.view(scope, this.find(scope, id));
  }

  list(scope: Scope, query: Page & { reference_id?: string | undefined }) {
    const page = this.store.customers.list(scope, { reference_id: query.reference_id }, query);
    return { ...page, data: page.data.map((c) => this.view(scope, c)) };
  }

  /** Stores a new customer and records `customer.created`; joins the caller's transaction. */
  create(scope: Scope, input: CustomerCreate): Customer {
    return this.db.transaction(() => {
      const c: StoredCustomer = {
        id: this.ids('cus'),
        object: 'customer',
        live_mode: scope.liveMode,
        reference_id: input.reference_id ?? null,
        time_created: this.clock.now().toISOString(),
        account_id: scope.accountId,
      };
      this.store.customers.insert(scope, c);
      const out = this.view(scope, c);
      this.events.record(scope, 'customer.created', c.id, out);
      return out;
    })();
  }

  /** The oldest customer with this reference, or a new one (a connect token's customer_reference_id). */
  byReference(scope: Scope, reference: string): StoredCustomer {
    const [found] = this.store.customers.all(scope, { reference_id: reference });
    if (found) return found;
    const made = this.create(scope, { reference_id: reference });
    return this.find(scope, made.id);
  }

  update(scope: Scope, id: string, patch: CustomerUpdate): Customer {
    return this.db.transaction(() => {
      const current = this.find(scope, id);
      const next: StoredCustomer = {
        ...current,
        reference_id: patch.reference_id === undefined ? current.reference_id : patch.reference_id,
      };
      this.store.customers.replace(scope, next);
      const out = this.view(scope, next);
      this.events.record(scope, 'customer.updated', id, out);
      return out;
    })();
  }

  /** Deletes the customer, its locations and their tariffs and meter records, in one transaction. */
  delete(scope: Scope, id: string): Customer {
    return this.db.transaction(() => {
      const out = this.get(scope, id);
      for (const loc of out.locations) this.locations.delete(scope, loc);
      this.store.customers.delete(scope, id);
      this.events.record(scope, 'customer.deleted', id, out);
      return out;
    })();
  }
}
