import type { z } from 'zod';
import type { Scope } from '../db/documents.js';
import type { Service } from '../service.js';
import type { ConnectToken, ConnectTokenRecord } from '../../engine/schemas/misc.js';
import type { AnyPage, Reply } from '../../engine/connect/protocol.js';
import { isErrorReply, isRedirect } from '../../engine/connect/protocol.js';
import { ApiError, Codes, invalid, notFound } from '../../engine/errors.js';
import { choicesOf, type ConnectChoice, type TestConnectComplete } from '../../engine/schemas/test-helpers.js';
import { ConnectFlow, type ConnectUrls } from './flow.js';

/** What a typed-in MARKET tariff is called when the market choice names neither its provider nor itself. */
export const MARKET_NAMES = { provider: 'Other provider', tariff: 'Market tariff' } as const;

const DIRECT_RESULT = { success: 'succeed', pending: 'pending', failure: 'fail' } as const;

/** More pages than any path through the flow has: a session that runs longer is a bug, not bad input. */
const MAX_STEPS = 30;

interface Message {
  route: string;
  action?: string;
  data?: unknown;
}

/**
 * `POST /test_helpers/connect/complete` (docs/connect.md, Test helper): moves a connect token
 * through the connect pages in one call. It is a client of the connect flow, not a second
 * implementation: it sends the flow the messages a browser would, page by page, answering each
 * page from the body, so every check, write, event and webhook is the pages' own. A refused
 * page's error comes back as the answer; the token is then put back as it was, so a refused
 * call stores nothing (the tariff is written only by the last page, in one transaction).
 */
export async function completeConnectToken(
  svc: Service,
  urls: ConnectUrls,
  scope: Scope,
  body: TestConnectComplete,
): Promise<z.input<typeof ConnectToken>> {
  const id = body.connect_token;
  const original = svc.connectTokens.load(id);
  // Another account's or mode's token is not revealed as such.
  if (!original || original.account_id !== scope.accountId || original.live_mode !== scope.liveMode)
    throw notFound('connect_token', id);
  if (body.action && !original.location_id)
    throw invalid('location_id_missing', `action ${body.action} needs a token created with location_id.`);
  if (body.postal_address && original.location_id)
    throw invalid('postal_address_invalid', "The token's location has its address; leave postal_address out.");

  const driver = new Driver(svc, new ConnectFlow(svc, urls), id, body);
  try {
    // A session a browser had begun starts over, so the answer depends on the body alone.
    if (original.session && !original.used && !original.session.closed)
      svc.connectTokens.update(original, { ...original, session: null });
    await driver.run();
  } catch (e) {
    restore(svc, original);
    throw e;
  }
  return svc.connectTokens.view(scope, id);
}

/** Puts a token back as it was before a refused call, unless the call got as far as spending it. */
function restore(svc: Service, original: ConnectTokenRecord): void {
  const now = svc.connectTokens.load(original.id);
  if (!now || now.used || JSON.stringify(now) === JSON.stringify(original)) return;
  svc.connectTokens.update(now, original);
}

/** The fields the connect pages' address form needs (a token's own postal_address may name fewer). */
const ADDRESS_FORM = ['address_line1', 'city', 'post_code', 'country_code'] as const;

/** Which fields of postal_address the address form still lacks, in the body's terms. */
function incompleteAddress(m: Message, given: boolean): string {
  const data = m.data as { postal_address?: Record<string, unknown> } | undefined;
  const typed = data?.postal_address ?? {};
  const missing = ADDRESS_FORM.filter((f) => typeof typed[f] !== 'string' || typed[f].trim() === '');
  if (missing.length === 0) return '';
  const needs = `The address page needs ${ADDRESS_FORM.join(', ')}; a token's own postal_address may be partial.`;
  if (!given) return `The token has no address: give postal_address. ${needs}`;
  return `postal_address is incomplete: give ${missing.map((f) => `postal_address.${f}`).join(', ')}. ${needs}`;
}

class Driver {
  private readonly choice: ConnectChoice | undefined;
  /** What has been done of the body: its action, its address, the DIRECT provider's answer. */
  private actionDone = false;
  private addressDone = false;
  private directDone = false;
  /** The pages this call has answered: what the token's flow asked for so far. */
  private readonly asked = new Set<string>();

  constructor(
    private readonly svc: Service,
    private readonly flow: ConnectFlow,
    private readonly id: string,
    private readonly body: TestConnectComplete,
  ) {
    this.choice = choicesOf(body)[0];
  }

  private token(): ConnectTokenRecord {
    return this.svc.connectTokens.load(this.id)!;
  }

  /** One message to the flow, as the connect web app sends it; a refusal becomes the API's error. */
  private async send(m: Message): Promise<Exclude<Reply, { object: 'error' }>> {
    const r = await this.flow.handle({ connect_token: this.id, type: 'submit', ...m });
    if (isErrorReply(r.body)) {
      const e = r.body;
      const why =
        m.route === 'postal_address_capture'
          ? `${e.message} ${incompleteAddress(m, this.body.postal_address !== undefined)}`.trim()
          : e.message;
      throw new ApiError(r.status, e.type, e.code, `${m.route}: ${why}`, { connect_token: this.id });
    }
    return r.body;
  }

  async run(): Promise<void> {
    let reply = await this.send({ route: 'session_start' });
    for (let step = 0; step < MAX_STEPS; step++) {
      if (isRedirect(reply)) {
        // The provider's own login and consent pages: answered as the body says, then resumed.
        if (this.token().session?.route === 'direct_redirect') {
          reply = await this.afterProviderLogin();
          continue;
        }
        return; // left for the callback: done
      }
      const before = reply.route;
      const m = this.answer(reply);
      reply = await this.send(m);
      if (before === 'provider_select' && m.data !== undefined) this.checkConnection(reply);
    }
    throw new Error(`the connect helper did not finish within ${MAX_STEPS} pages`);
  }

  private async afterProviderLogin() {
    const direct = this.body.direct!;
    this.flow.setDirectResult(this.id, direct.provider_id, DIRECT_RESULT[direct.outcome]);
    this.directDone = true;
    return this.send({ route: 'session_restore' });
  }

  /** A provider's connection follows from the provider: refuse a choice the pages would not lead to. */
  private checkConnection(reply: Exclude<Reply, { object: 'error' }>): void {
    const toLogin = isRedirect(reply);
    if (this.choice === 'direct' && !toLogin)
      throw invalid(
        Codes.providerDirectUnsupported,
        `Provider '${this.body.direct!.provider_id}' offers no DIRECT login.`,
      );
    if (this.choice !== 'direct' && toLogin)
      throw invalid(
        Codes.providerDirectOnly,
        'This provider connects only through its own login: use direct {provider_id, outcome}.',
      );
    if (this.token().session?.market_only) this.checkMarketOnly();
  }

  /**
   * A tariff list reached without a provider page (a grid-fee token's pages list the grid fees
   * serving the address): a body that names a provider asks for a choice the pages do not offer.
   */
  private checkNoProvider(): void {
    const b = this.body;
    if (this.asked.has('provider_select')) return;
    if (b.direct)
      throw invalid(
        Codes.choiceUnsupported,
        "tariff_select: this token's pages choose no provider, so no DIRECT login; give tariff_id (a grid fee from GET /grid-fees), manual or market.",
      );
    const field = b.provider_id ? 'provider_id' : b.market?.provider_id ? 'market.provider_id' : undefined;
    if (field)
      throw invalid(
        Codes.choiceUnsupported,
        `tariff_select: this token's pages choose no provider; leave ${field} out (tariff_id is a grid fee from GET /grid-fees).`,
      );
  }

  /**
   * A market-only provider (docs/connect.md, Market-only providers): its pages offer no library
   * tariff and ask no tariff name, so the body may name only the market's surcharges.
   */
  private checkMarketOnly(): void {
    const b = this.body;
    if (this.choice === 'library')
      throw invalid(
        Codes.providerMarketOnly,
        `Provider '${b.provider_id}' has no library tariffs: its tariffs follow the market; use market {provider_id, surcharge_fixed?, surcharge_percent?}.`,
      );
    if (b.market?.tariff_name !== undefined)
      throw invalid(
        Codes.choiceUnsupported,
        "provider_select: a market-only provider's pages ask no tariff name (the tariff is named after its provider); leave market.tariff_name out.",
      );
  }

  /** The message that answers `page` from the body. */
  private answer(page: AnyPage): Message {
    const b = this.body;
    const route = page.route;
    const submit = (data?: unknown): Message => ({ route, ...(data !== undefined ? { data } : {}) });
    const act = (action: string): Message => ({ route, action });
    const offers = (a: string) => (page.actions as readonly string[]).includes(a);
    this.asked.add(route);

    // A session that stored its tariff, or a DIRECT provider that refused, leaves as the customer would: Done.
    if (this.token().used || this.directDone) return act('CLOSE');
    if (b.action && !this.actionDone) {
      this.actionDone = true;
      // EDIT on a session that opens on provider selection anyway (an empty slot): nothing to edit.
      if (b.action === 'DISCONNECT' || offers('EDIT')) return act(b.action);
    }
    if (b.postal_address && !this.addressDone && route !== 'postal_address_capture' && offers('ADDRESS_CHANGE')) {
      this.addressDone = true;
      return act('ADDRESS_CHANGE');
    }
    const manual = b.manual;
    const market = b.market;
    switch (route) {
      case 'postal_address_capture':
        this.addressDone = true;
        // The form as shown (the token's address filled in), with the body's fields typed over it.
        return submit({ postal_address: { ...page.data.postal_address, ...b.postal_address } });
      case 'provider_select': {
        if (this.choice === 'manual' || (this.choice === 'market' && !market!.provider_id))
          return act('PROVIDER_MISSING');
        const provider = this.choice === 'direct' ? b.direct!.provider_id : (b.provider_id ?? market?.provider_id);
        return submit({ provider: { id: provider } });
      }
      case 'tariff_select':
        this.checkNoProvider();
        if (this.choice !== 'library') return act('TARIFF_MISSING');
        return submit({ tariff: { id: b.tariff_id } });
      case 'provider_name_capture':
        // A typed-in tariff without a provider name is refused by this page, as it would be in a browser.
        return submit({
          provider: {
            name: this.choice === 'manual' ? manual!.provider_name : (market?.provider_name ?? MARKET_NAMES.provider),
          },
        });
      case 'tariff_name_capture': {
        const named =
          manual?.provider_name !== undefined
            ? 'manual.provider_name'
            : market?.provider_name !== undefined
              ? 'market.provider_name'
              : undefined;
        if (named && !this.asked.has('provider_name_capture'))
          throw invalid(
            Codes.choiceUnsupported,
            `tariff_name_capture: this token's pages ask no provider name (${
              market?.provider_id ? 'market.provider_id is a listed provider' : 'a grid fee is named by its tariff name'
            }); leave ${named} out.`,
          );
        return submit({ tariff: { name: manual?.tariff_name ?? market?.tariff_name ?? MARKET_NAMES.tariff } });
      }
      case 'tariff_structure_select':
        return submit({ options: [manual?.structure ?? 'MARKET'] });
      case 'rate_fixed_capture':
        // Said in the body's terms: the page's own refusal names its form field, not manual.cost.
        if (manual && manual.cost === undefined)
          throw invalid(Codes.costMissing, 'manual.cost: a FIXED tariff needs its price per kWh, e.g. 0.245.');
        return submit({ cost: manual?.cost });
      case 'rate_tod_capture':
        return submit({ hours: manual?.hours });
      case 'surcharge_capture':
        // A market-only provider's country may have one region: taken without its page.
        if (
          market?.market_id !== undefined &&
          !this.asked.has('region_select') &&
          market.market_id !== page.data.region
        )
          throw invalid(
            'market_region_invalid',
            `surcharge_capture: this address follows ${page.data.region ?? 'its market region'}, the one region of its country; leave market.market_id out.`,
          );
        return submit({ surcharge: { fixed: market?.surcharge_fixed, percentage: market?.surcharge_percent } });
      case 'region_select':
        return submit({ region: market?.market_id ?? page.data.region });
      case 'contract_term_capture':
        return submit(
          manual?.contract_end_date !== undefined ? { contract_end_date: manual.contract_end_date } : undefined,
        );
      case 'tariff_summary':
      case 'tariff_connection_pending':
      case 'tariff_connection_failed':
        // The slot has a tariff (or a DIRECT connection under way): the pages need EDIT or DISCONNECT first.
        throw invalid(
          'action_missing',
          `${route}: the slot is connected already; give action EDIT (replace it) or DISCONNECT.`,
        );
    }
  }
}
