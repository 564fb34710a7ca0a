import type BetterSqlite3 from 'better-sqlite3';
import type { Db } from './database.js';
import { Codes, invalid, type ApiError } from '../../engine/errors.js';

/** Which account and mode a request acts in; every read and write is confined to it. */
export interface Scope {
  accountId: string;
  liveMode: boolean;
}

export interface Page {
  limit?: number | undefined;
  starting_after?: string | undefined;
  ending_before?: string | undefined;
}

/** The paging rules every list shares: one cursor at a time, and a cursor that is in the list. */
export function checkPage(page: Page): void {
  if (page.starting_after && page.ending_before)
    throw invalid(Codes.pagingConflict, 'Give starting_after or ending_before, not both.');
}

export function cursorNotFound(page: Page, id: string): ApiError {
  const field = page.starting_after ? 'starting_after' : 'ending_before';
  return invalid(`${field}_invalid`, `${field}: no object with id '${id}' in this list.`);
}

export interface PageResult<T> {
  data: T[];
  has_more: boolean;
}

/**
 * A typed table of JSON documents scoped by account and mode, with a few indexed columns for
 * filtering. Insertion order (`seq`) is the list order: newest first.
 */
export class DocumentTable<T extends { id: string }, C extends string = never, G extends string = never> {
  private readonly insertStmt;
  private readonly getStmt;
  private readonly updateStmt;
  private readonly deleteStmt;
  private readonly seqStmt;
  /** Filtered queries, prepared once per shape. */
  private readonly prepared = new Map<string, BetterSqlite3.Statement<unknown[]>>();

  private stmt(sql: string) {
    let st = this.prepared.get(sql);
    if (!st) this.prepared.set(sql, (st = this.db.prepare<unknown[]>(sql)));
    return st;
  }

  constructor(
    private readonly db: Db,
    private readonly table: string,
    private readonly columns: readonly C[],
    private readonly columnValues: (doc: T) => Record<C, string | number | null>,
    /** Filters on the stored JSON by name (`reference_id` → its path), served by expression indexes. */
    private readonly jsonFilters: Readonly<Record<G, string>> = {} as Record<G, string>,
  ) {
    const cols = ['id', 'account_id', 'live_mode', ...columns, 'body'];
    this.insertStmt = db.prepare(
      `INSERT INTO ${table} (${cols.join(',')}) VALUES (${cols.map((c) => '@' + c).join(',')})`,
    );
    this.getStmt = db.prepare(`SELECT body FROM ${table} WHERE id = ? AND account_id = ? AND live_mode = ?`);
    const sets = [...columns, 'body'].map((c) => `${c} = @${c}`).join(', ');
    this.updateStmt = db.prepare(
      `UPDATE ${table} SET ${sets} WHERE id = @id AND account_id = @account_id AND live_mode = @live_mode`,
    );
    this.deleteStmt = db.prepare(`DELETE FROM ${table} WHERE id = ? AND account_id = ? AND live_mode = ?`);
    this.seqStmt = db.prepare(`SELECT seq FROM ${table} WHERE id = ? AND account_id = ? AND live_mode = ?`);
  }

  private params(scope: Scope, doc: T) {
    return {
      id: doc.id,
      account_id: scope.accountId,
      live_mode: scope.liveMode ? 1 : 0,
      ...this.columnValues(doc),
      body: JSON.stringify(doc),
    };
  }

  insert(scope: Scope, doc: T): T {
    this.insertStmt.run(this.params(scope, doc));
    return doc;
  }

  get(scope: Scope, id: string): T | undefined {
    const row = this.getStmt.get(id, scope.accountId, scope.liveMode ? 1 : 0) as { body: string } | undefined;
    return row ? (JSON.parse(row.body) as T) : undefined;
  }

  /** Replaces the stored document; false when it does not exist in this scope. */
  replace(scope: Scope, doc: T): boolean {
    return this.updateStmt.run(this.params(scope, doc)).changes === 1;
  }

  delete(scope: Scope, id: string): boolean {
    return this.deleteStmt.run(id, scope.accountId, scope.liveMode ? 1 : 0).changes === 1;
  }

  /** Every document of the scope matching the column filters, oldest first. */
  all(scope: Scope, where: Partial<Record<C | G, string | number>> = {}): T[] {
    const { sql, args } = this.where(scope, where);
    return (
      this.stmt(`SELECT body FROM ${this.table} WHERE ${sql} ORDER BY seq`).all(...args) as { body: string }[]
    ).map((r) => JSON.parse(r.body) as T);
  }

  /** One page, newest first; `starting_after` walks to older objects, `ending_before` to newer. */
  list(scope: Scope, where: Partial<Record<C | G, string | number>>, page: Page): PageResult<T> {
    checkPage(page);
    const limit = page.limit ?? 30;
    const { sql, args } = this.where(scope, where);
    const cursorId = page.starting_after ?? page.ending_before;
    let cursor: number | undefined;
    if (cursorId) {
      const row = this.seqStmt.get(cursorId, scope.accountId, scope.liveMode ? 1 : 0) as { seq: number } | undefined;
      if (!row) throw cursorNotFound(page, cursorId);
      cursor = row.seq;
    }
    const newer = page.ending_before !== undefined;
    const cond = cursor === undefined ? '' : newer ? ' AND seq > ?' : ' AND seq < ?';
    const order = newer ? 'ASC' : 'DESC';
    const rows = this.stmt(`SELECT body FROM ${this.table} WHERE ${sql}${cond} ORDER BY seq ${order} LIMIT ?`).all(
      ...args,
      ...(cursor === undefined ? [] : [cursor]),
      limit + 1,
    ) as { body: string }[];
    const has_more = rows.length > limit;
    const kept = rows.slice(0, limit);
    if (newer) kept.reverse();
    return { data: kept.map((r) => JSON.parse(r.body) as T), has_more };
  }

  private where(scope: Scope, where: Partial<Record<C | G, string | number>>) {
    const parts = ['account_id = ?', 'live_mode = ?'];
    const args: (string | number)[] = [scope.accountId, scope.liveMode ? 1 : 0];
    for (const c of this.columns) {
      const v = where[c];
      if (v !== undefined) {
        parts.push(`${c} = ?`);
        args.push(v);
      }
    }
    for (const [name, path] of Object.entries(this.jsonFilters) as [G, string][]) {
      const v = where[name];
      if (v !== undefined) {
        // Written exactly as the index's expression, so SQLite uses the index.
        parts.push(`json_extract(body, '${path}') = ?`);
        args.push(v);
      }
    }
    return { sql: parts.join(' AND '), args };
  }
}
