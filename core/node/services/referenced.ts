import type { Db } from '../db/database.js';
import type { DocumentTable, Page, Scope } from '../db/documents.js';
import { notFound } from '../../engine/errors.js';
import type { EventService } from './events.js';

/** What the objects of this kind share: an id, and the integrator's own reference. */
interface Referenced {
  id: string;
  reference_id: string | null;
}

/**
 * The objects that are the integrator's reference and little else (customers, devices): read,
 * listed by reference, and written the same way, each write in a transaction and recorded as
 * the kind's event with the object as answered.
 */
export abstract class ReferencedObjects<Stored extends Referenced, Answer extends Record<string, unknown>> {
  constructor(
    protected readonly db: Db,
    private readonly table: DocumentTable<Stored, 'reference_id'>,
    protected readonly events: EventService,
    private readonly kind: 'customer' | 'device',
  ) {}

  /** The object as the API answers it. */
  protected abstract view(scope: Scope, stored: Stored): Answer;

  find(scope: Scope, id: string): Stored {
    const found = this.table.get(scope, id);
    if (!found) throw notFound(this.kind, id);
    return found;
  }

  /** Whether it exists in this account and mode. */
  has(scope: Scope, id: string): boolean {
    return this.table.get(scope, id) !== undefined;
  }

  get(scope: Scope, id: string): Answer {
    return this.view(scope, this.find(scope, id));
  }

  list(scope: Scope, query: Page & { reference_id?: string | undefined }) {
    const page = this.table.list(scope, { reference_id: query.reference_id }, query);
    return { ...page, data: page.data.map((s) => this.view(scope, s)) };
  }

  /** Stores a new one and records `<kind>.created`; joins the caller's transaction. */
  protected insert(scope: Scope, stored: Stored): Answer {
    return this.db.transaction(() => {
      this.table.insert(scope, stored);
      return this.recorded(scope, 'created', stored);
    })();
  }

  /** A new reference, or none (`null`); left out, the reference stays. */
  update(scope: Scope, id: string, patch: { reference_id?: string | null | undefined }): Answer {
    return this.db.transaction(() => {
      const current = this.find(scope, id);
      const next: Stored = {
        ...current,
        reference_id: patch.reference_id === undefined ? current.reference_id : patch.reference_id,
      };
      return this.replaceRecorded(scope, next);
    })();
  }

  /** Stores a changed object and records `<kind>.updated`; runs inside the caller's transaction. */
  protected replaceRecorded(scope: Scope, next: Stored): Answer {
    this.table.replace(scope, next);
    return this.recorded(scope, 'updated', next);
  }

  /** Deletes it after `first` (what goes with it), all in one transaction. */
  protected remove(scope: Scope, id: string, first: (answer: Answer) => void = () => {}): Answer {
    return this.db.transaction(() => {
      const stored = this.find(scope, id);
      const answer = this.view(scope, stored);
      first(answer);
      this.table.delete(scope, id);
      this.events.record(scope, `${this.kind}.deleted`, id, answer);
      return answer;
    })();
  }

  private recorded(scope: Scope, verb: 'created' | 'updated', stored: Stored): Answer {
    const answer = this.view(scope, stored);
    this.events.record(scope, `${this.kind}.${verb}`, stored.id, answer);
    return answer;
  }
}
