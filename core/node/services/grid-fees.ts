import type { z } from 'zod';
import type { Db } from '../db/database.js';
import type { Clock } from '../../engine/clock.js';
import type { IdGenerator } from '../../engine/ids.js';
import type { GridFee, GridFeeCreate } from '../../engine/schemas/connect.js';
import { notFound } from '../../engine/errors.js';
import { seedGridFees } from './grid-fee-seed.js';
import { isoSeconds } from '../../engine/clock.js';

/** The grid-fee data set (docs/connect.md, Grid fees): country and post-code prefix → operator and a NON_COMMODITY schedule. */
export class GridFeeService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
  ) {}

  seedIfEmpty(): void {
    if ((this.db.prepare('SELECT COUNT(*) AS n FROM grid_fees').get() as { n: number }).n > 0) return;
    const now = isoSeconds(this.clock.now());
    this.db.transaction(() =>
      seedGridFees.forEach((g) => this.insert({ ...g, id: g.id, object: 'grid_fee', time_updated: now })),
    )();
  }

  /** Adds seeded entries back where they were deleted (the demo world stacks one on its supply tariff). */
  restoreSeeded(ids: readonly string[]): void {
    const now = isoSeconds(this.clock.now());
    const add = this.db.prepare('INSERT OR IGNORE INTO grid_fees (id, body) VALUES (?, ?)');
    for (const g of seedGridFees)
      if (ids.includes(g.id)) add.run(g.id, JSON.stringify({ ...g, object: 'grid_fee', time_updated: now }));
  }

  private insert(g: GridFee): GridFee {
    this.db.prepare('INSERT INTO grid_fees (id, body) VALUES (?, ?)').run(g.id, JSON.stringify(g));
    return g;
  }

  list(): GridFee[] {
    return (this.db.prepare('SELECT body FROM grid_fees ORDER BY seq DESC').all() as { body: string }[]).map((r) =>
      JSON.parse(r.body),
    );
  }

  get(id: string): GridFee {
    const row = this.db.prepare('SELECT body FROM grid_fees WHERE id = ?').get(id) as { body: string } | undefined;
    if (!row) throw notFound('grid_fee', id);
    return JSON.parse(row.body);
  }

  create(input: z.output<typeof GridFeeCreate>): GridFee {
    return this.insert({
      ...input,
      country_code: input.country_code.toUpperCase(),
      id: this.ids('grf'),
      object: 'grid_fee',
      time_updated: isoSeconds(this.clock.now()),
    });
  }

  delete(id: string): GridFee {
    const g = this.get(id);
    this.db.prepare('DELETE FROM grid_fees WHERE id = ?').run(id);
    return g;
  }

  /** The entry with the longest post-code prefix matching the address, if any. */
  find(countryCode: string, postCode: string | undefined): GridFee | undefined {
    const pc = (postCode ?? '').replace(/\s/g, '').toUpperCase();
    return this.list()
      .filter(
        (g) =>
          g.country_code === countryCode.toUpperCase() &&
          pc.startsWith(g.post_code_prefix.replace(/\s/g, '').toUpperCase()),
      )
      .sort((a, b) => b.post_code_prefix.length - a.post_code_prefix.length)[0];
  }
}
