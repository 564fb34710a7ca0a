import { z } from 'zod';
import { coded, idOf } from './common.js';
import { Codes } from '../errors.js';

/*
 * `POST /test_helpers/connect/complete` (docs/connect.md, Test helper). The body names what a
 * customer would choose on the connect pages; the service answers each page with it, so the
 * values inside a choice are checked by the pages themselves (the same codes a browser gets).
 * Only the shape is checked here.
 */

const text = (max = 200) => z.string().max(max);
/** A price as the pages take it: a number, or a numeric string (a decimal comma is accepted). */
const Price = z.union([z.number(), text(40)]);

/** The address the address page is answered with (no `address_line2`: the page has none). */
const HelperAddress = z
  .strictObject({
    address_line1: text().optional(),
    city: text().optional(),
    post_code: text(20).optional(),
    country_code: text(2).optional(),
    state: text(100).optional(),
  })
  .meta({ description: 'Needed only when the token has no city and country (nor a location).' });

const Manual = z
  .strictObject({
    provider_name: text().optional().meta({
      description: "The provider page's name; a grid-fee (NON_COMMODITY) token's pages ask none: leave it out.",
    }),
    tariff_name: text(),
    structure: z.enum(['FIXED', 'TIME_OF_DAY']),
    cost: Price.optional().meta({ description: 'FIXED: major units per kWh.' }),
    hours: z
      .array(z.strictObject({ valid_from: text(8), valid_to: text(8), cost: Price }))
      .max(48)
      .optional()
      .meta({ description: 'TIME_OF_DAY: the bands of one day, HH:MM:SS, covering 24 h.' }),
    contract_end_date: text(40).optional().meta({ description: 'ISO timestamp in the future; open-ended if absent.' }),
  })
  .meta({
    description: 'A typed-in tariff (PROVIDER_MISSING on the provider page; TARIFF_MISSING on a grid-fee list).',
  });

const Market = z
  .strictObject({
    provider_id: idOf('provider').optional().meta({
      description: 'A listed provider (TARIFF_MISSING on its tariff page); else an unlisted one. None for grid fees.',
    }),
    provider_name: text().optional().meta({
      description:
        "The provider page's name for an unlisted provider (no provider_id); 'Other provider' if absent. A listed provider's or a grid-fee token's pages ask none: leave it out.",
    }),
    tariff_name: text().optional().meta({ description: "The tariff page's name; 'Market tariff' if absent." }),
    market_id: text(40)
      .optional()
      .meta({ description: 'The market region; the one suggested for the address if absent.' }),
    surcharge_fixed: Price.optional().meta({ description: 'Major units per kWh; 0 if absent.' }),
    surcharge_percent: Price.optional().meta({ description: 'As a person types it (5 means 5 %); 0 if absent.' }),
  })
  .meta({ description: 'A typed-in tariff following the market price.' });

const Direct = z
  .strictObject({
    provider_id: idOf('provider'),
    outcome: z.enum(['success', 'pending', 'failure']).meta({
      description: "The provider's answer on its consent page: success, pending (until resolved) or failure.",
    }),
  })
  .meta({ description: 'A DIRECT provider: its login and consent pages answered.' });

export const CONNECT_CHOICES = ['library', 'manual', 'market', 'direct'] as const;
export type ConnectChoice = (typeof CONNECT_CHOICES)[number];

export const TestConnectComplete = z
  .strictObject({
    connect_token: idOf('connectToken', 'connect_token'),
    postal_address: HelperAddress.optional(),
    action: z.enum(['EDIT', 'DISCONNECT']).optional().meta({
      description: 'For a token created with location_id: EDIT replaces the slot tariff, DISCONNECT removes it.',
    }),
    provider_id: idOf('provider').optional().meta({
      description: 'Library choice: the provider (with tariff_id); none for a grid-fee (NON_COMMODITY) token.',
    }),
    tariff_id: z.string().max(80).optional().meta({
      description: "Library choice: one of the provider's tariffs; for a grid-fee token a grid fee (GET /grid-fees).",
    }),
    manual: Manual.optional(),
    market: Market.optional(),
    direct: Direct.optional(),
  })
  .superRefine((b, ctx) => {
    const given = choicesOf(b);
    const issue = (code: string, message: string) =>
      ctx.addIssue({ code: 'custom', path: [], ...coded(code, message) });
    if (b.action === 'DISCONNECT') {
      if (given.length) issue(Codes.choiceConflict, 'DISCONNECT takes no choice.');
      return;
    }
    if (given.length > 1) issue(Codes.choiceConflict, `Give exactly one choice, not ${given.join(' and ')}.`);
    else if (!given.length)
      issue(
        Codes.choiceMissing,
        'Give one choice: provider_id and tariff_id (a grid fee: tariff_id alone), manual, market or direct.',
      );
    // No provider_id check here: the provider page asks for it, and a grid-fee token's pages have none.
    else if (given[0] === 'library' && !b.tariff_id) issue('tariff_id_missing', 'A library choice needs tariff_id.');
  })
  .meta({ id: 'TestConnectComplete' });
export type TestConnectComplete = z.output<typeof TestConnectComplete>;

/** Which choices a body makes (the library choice is `provider_id` and `tariff_id` at the top level). */
export function choicesOf(b: {
  provider_id?: unknown;
  tariff_id?: unknown;
  manual?: unknown;
  market?: unknown;
  direct?: unknown;
}): ConnectChoice[] {
  const out: ConnectChoice[] = [];
  if (b.provider_id !== undefined || b.tariff_id !== undefined) out.push('library');
  for (const k of ['manual', 'market', 'direct'] as const) if (b[k] !== undefined) out.push(k);
  return out;
}
