import type { Db } from '../db/database.js';
import type { Scope } from '../db/documents.js';
import type { Store, StoredCustomer } from '../db/store.js';
import type { Clock } from '../../engine/clock.js';
import type { IdGenerator } from '../../engine/ids.js';
import type { Customer, CustomerCreate } from '../../engine/schemas/customer.js';
import type { EventService } from './events.js';
import type { LocationService } from './locations.js';
import { ReferencedObjects } from './referenced.js';
import { isoSeconds } from '../../engine/clock.js';

/** Customers (`cus_`): a reference of the integrator's, and the locations that name them. */
export class CustomerService extends ReferencedObjects<StoredCustomer, Customer> {
  private readonly locationIds;

  constructor(
    db: Db,
    private readonly store: Store,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
    events: EventService,
    private readonly locations: LocationService,
  ) {
    super(db, store.customers, events, 'customer');
    this.locationIds = db
      .prepare<[string, number, string], string>(
        'SELECT id FROM locations WHERE account_id = ? AND live_mode = ? AND customer_id = ? ORDER BY seq',
      )
      .pluck();
  }

  /** The customer as answered: its locations read from the locations that name it. */
  protected view(scope: Scope, c: StoredCustomer): Customer {
    const locations = this.locationIds.all(scope.accountId, scope.liveMode ? 1 : 0, c.id);
    const { time_created, account_id, ...head } = c;
    return { ...head, locations, time_created, account_id };
  }

  /** Stores a new customer and records `customer.created`; joins the caller's transaction. */
  create(scope: Scope, input: CustomerCreate): Customer {
    return this.insert(scope, {
      id: this.ids('cus'),
      object: 'customer',
      live_mode: scope.liveMode,
      reference_id: input.reference_id ?? null,
      time_created: isoSeconds(this.clock.now()),
      account_id: scope.accountId,
    });
  }

  /** The oldest customer with this reference, or a new one (a connect token's customer_reference_id). */
  byReference(scope: Scope, reference: string): StoredCustomer {
    const [found] = this.store.customers.all(scope, { reference_id: reference });
    if (found) return found;
    const made = this.create(scope, { reference_id: reference });
    return this.find(scope, made.id);
  }

  /** Deletes the customer, its locations and their tariffs and meter records, in one transaction. */
  delete(scope: Scope, id: string): Customer {
    return this.remove(scope, id, (c) => {
      for (const loc of c.locations) this.locations.delete(scope, loc);
    });
  }
}
