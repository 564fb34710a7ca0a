import { z } from 'zod';
import { DateTime } from 'luxon';
import type { Scope } from '../db/documents.js';
import type { Service } from '../service.js';
import type { SessionState } from '../../engine/schemas/connect.js';
import type { ConnectTokenRecord } from '../../engine/schemas/misc.js';
import type { Schedule } from '../../engine/schemas/schedule.js';
import { ApiError, errorBody } from '../../engine/errors.js';
import { deriveCurrency, deriveTimezone } from '../../engine/geo/locale.js';
import { parseTimeOfDay, DAY_SECONDS } from '../../engine/schedule/names.js';
import { dailySchedule, isTiered, structureOf } from '../../engine/schedule/structure.js';
import { compileComponent } from '../../engine/pricing/compile.js';
import { computePrices } from '../../engine/pricing/engine.js';
import { PAGE_ACTIONS, STRUCTURES } from '../../engine/connect/pages.js';
import { PageData, parsePage, type PageRoute } from '../../engine/connect/page-schemas.js';

const Message = z.object({
  route: z.string().max(60),
  connect_token: z.string().max(80),
  type: z.string().max(20).optional(),
  action: z.string().max(40).optional(),
  data: z.unknown().optional(),
});

type Reply = Record<string, unknown>;

/** Where the flow sends the browser: the connect web app and the provider pages it serves. */
export interface ConnectUrls {
  connectWebUrl(): string;
}

class PageError extends ApiError {
  constructor(code: string, message: string) {
    super(400, 'invalid_request', code, message);
  }
}
const fail = (code: string, message: string): never => {
  throw new PageError(code, message);
};

/**
 * The connect service's state machine (docs/connect.md, Protocol and Pages). Each token
 * carries its session on the server; the web app only renders the page it is sent.
 */
export class ConnectFlow {
  constructor(
    private readonly svc: Service,
    private readonly urls: ConnectUrls,
  ) {}

  /** Handles one message; always answers a page, a redirect or an error object (never throws). */
  async handle(raw: unknown): Promise<{ status: number; body: Reply }> {
    const parsed = Message.safeParse(raw);
    if (!parsed.success) {
      return this.error(
        new ApiError(
          400,
          'invalid_request',
          'data_json_invalid',
          'The message must be {route, connect_token, type, action?, data?}.',
        ),
        'connect',
        undefined,
        false,
      );
    }
    const m = parsed.data;
    const token = this.svc.connectTokens.load(m.connect_token);
    try {
      if (!token) throw new ApiError(404, 'invalid_request', 'connect_token_invalid', 'Unknown connect token.');
      if (m.route === 'session_start' || m.route === 'session_restore')
        return { status: 200, body: await this.start(token) };
      if (!(m.route in PAGE_ACTIONS))
        throw new ApiError(400, 'invalid_request', 'route_invalid', `Unknown route '${m.route}'.`);
      if (!token.session)
        throw new ApiError(400, 'invalid_request', 'session_not_started', 'Start the session first (session_start).');
      if (token.session.route !== m.route)
        throw new ApiError(
          400,
          'invalid_request',
          'route_invalid',
          `The session is on ${token.session.route}, not ${m.route}.`,
        );
      if (this.svc.connectTokens.expired(token))
        throw new ApiError(400, 'invalid_request', 'connect_token_expired', 'The connect token has expired.');
      return { status: 200, body: await this.submit(token, m.route, m.action, m.data) };
    } catch (e) {
      if (e instanceof ApiError) return this.error(e, `connect.${m.route}`, m.connect_token, token?.live_mode ?? false);
      throw e;
    }
  }

  private error(e: ApiError, context: string, tokenId: string | undefined, live: boolean) {
    const body = errorBody(e, context, live, this.svc.clock.now());
    if (tokenId) body.connect_token = tokenId;
    return { status: e.status, body: body as unknown as Reply };
  }

  private scope(t: ConnectTokenRecord): Scope {
    return { accountId: t.account_id, liveMode: t.live_mode };
  }

  // ---- session start and resume ----

  private async start(t: ConnectTokenRecord): Promise<Reply> {
    if (t.used)
      throw new ApiError(400, 'invalid_request', 'connect_token_used', 'This connect token was already used.');
    if (this.svc.connectTokens.expired(t))
      throw new ApiError(400, 'invalid_request', 'connect_token_expired', 'The connect token has expired.');
    const before = structuredClone(t);
    if (t.session) {
      // Back from the provider's pages, or a pending provider asked again.
      if (t.session.route === 'direct_redirect' || t.session.route === 'tariff_connection_pending')
        return this.resolveDirect(before, t);
      return this.page(t);
    }
    const scope = this.scope(t);
    const s: SessionState = { route: '', history: [] };
    t.session = s;
    if (
      t.location_id &&
      this.svc.tariffs.slot(scope, t.location_id, t.tariff_type, t.tariff_direction).length > 0 &&
      !t.edit_tariff
    )
      s.route = 'tariff_summary';
    else s.route = this.addressKnown(t) ? this.firstChoice(t) : 'postal_address_capture';
    if (t.postal_address) s.address = { ...t.postal_address };
    this.svc.connectTokens.update(before, t);
    return this.page(t);
  }

  private addressKnown(t: ConnectTokenRecord): boolean {
    return (
      !!t.location_id ||
      !!(t.session?.address?.city && t.session.address.country_code) ||
      !!(t.postal_address?.city && t.postal_address.country_code)
    );
  }

  /** Grid fees are chosen from the operator serving the address; supply starts with the provider. */
  private firstChoice(t: ConnectTokenRecord): string {
    return t.tariff_type === 'NON_COMMODITY' ? 'tariff_select' : 'provider_select';
  }

  private address(t: ConnectTokenRecord) {
    if (t.location_id) return this.svc.locations.find(this.scope(t), t.location_id).postal_address;
    const a = t.session?.address ?? t.postal_address ?? {};
    return {
      address_line1: a.address_line1 ?? '',
      city: a.city ?? '',
      post_code: a.post_code ?? '',
      country_code: a.country_code ?? '',
      ...(a.state ? { state: a.state } : {}),
    };
  }

  private currency(t: ConnectTokenRecord): string {
    if (t.location_id) return this.svc.locations.find(this.scope(t), t.location_id).currency_code;
    return deriveCurrency(this.address(t).country_code || 'DE') ?? 'EUR';
  }

  private providerHeader(id: string | undefined) {
    if (!id) return undefined;
    const p = this.svc.providers.get(id, false);
    return { id: p.id, display_name: p.display_name, logo_url: p.logo_url };
  }

  private go(t: ConnectTokenRecord, route: string): void {
    const s = t.session!;
    s.history.push(s.route);
    s.route = route;
  }

  private redirect(t: ConnectTokenRecord, url: string): Reply {
    return { route: 'session_redirect', connect_token: t.id, live_mode: t.live_mode, data: { redirect_url: url } };
  }

  private callback(t: ConnectTokenRecord): Reply {
    const base = t.callback_url ?? `${this.urls.connectWebUrl()}/complete`;
    const u = new URL(base);
    u.searchParams.set('svc_cot', t.id);
    return this.redirect(t, u.toString());
  }

  // ---- pages ----

  private page(t: ConnectTokenRecord): Reply {
    const s = t.session!;
    const provider =
      this.providerHeader(s.provider_id) ??
      (s.provider_name ? { id: null, display_name: s.provider_name, logo_url: null } : undefined);
    const data: Record<string, unknown> = {};
    switch (s.route) {
      case 'postal_address_capture': {
        const a = this.address(t);
        data.postal_address = {
          address_line1: a.address_line1 ?? '',
          city: a.city ?? '',
          post_code: a.post_code ?? '',
          country_code: a.country_code ?? '',
          ...(a.state ? { state: a.state } : {}),
        };
        break;
      }
      case 'provider_select': {
        const a = this.address(t);
        data.providers = this.svc.providers
          .list(t.live_mode, { country_code: a.country_code, limit: 100 })
          .data.filter(
            (p) =>
              p.connection_types.includes('DIRECT') ||
              p.tariffs.some((x) => x.type === t.tariff_type && x.direction === t.tariff_direction),
          )
          .map((p) => ({ id: p.id, display_name: p.display_name, logo_url: p.logo_url }));
        data.postal_address = a;
        break;
      }
      case 'provider_name_capture':
        data.provider = { name: s.provider_name ?? '' };
        data.postal_address = this.address(t);
        break;
      case 'tariff_select':
        data.tariffs = this.tariffOptions(t);
        if (provider) data.provider = provider;
        break;
      case 'tariff_name_capture':
        data.tariff = { name: s.tariff_name ?? '' };
        if (provider) data.provider = provider;
        break;
      case 'tariff_structure_select':
        data.options = [...STRUCTURES];
        break;
      case 'contract_term_capture':
        data.contract_end_date = '';
        break;
      case 'rate_fixed_capture':
        data.currency_code = this.currency(t);
        data.cost = s.fixed_cost ?? '';
        break;
      case 'rate_tod_capture':
        data.currency_code = this.currency(t);
        data.hours = s.tod_hours ?? [
          { valid_from: '07:00:00', valid_to: '22:00:00', cost: '' },
          { valid_from: '22:00:00', valid_to: '07:00:00', cost: '' },
        ];
        break;
      case 'region_select': {
        data.regions = this.svc.market.regionIds();
        const a = this.address(t);
        const suggested = s.region ?? (a.country_code ? this.svc.market.regionFor(a.country_code, a.state) : null);
        if (suggested) data.region = suggested;
        break;
      }
      case 'surcharge_capture':
        data.currency_code = this.currency(t);
        data.surcharge = s.surcharge ?? { fixed: 0, percentage: 0 };
        if (s.region) data.region = s.region;
        break;
      case 'tariff_connection_pending':
        data.provider = provider ?? null;
        break;
      case 'tariff_connection_failed':
        data.provider = provider ?? null;
        data.connection_type = s.connection_type ?? 'DIRECT';
        break;
      case 'tariff_summary':
        Object.assign(data, this.summary(t));
        break;
    }
    if (provider && !('provider' in data)) data.provider = provider;
    return {
      route: s.route,
      connect_token: t.id,
      live_mode: t.live_mode,
      direction: t.tariff_direction,
      type: t.tariff_type,
      data,
      actions: PAGE_ACTIONS[s.route],
    };
  }

  /** Library tariffs of the chosen provider, or the grid-fee tariffs serving the address. */
  private tariffOptions(t: ConnectTokenRecord) {
    const s = t.session!;
    if (t.tariff_type === 'NON_COMMODITY') {
      const a = this.address(t);
      const best = this.svc.gridFees.find(a.country_code, a.post_code);
      const all = this.svc.gridFees.list().filter((g) => g.country_code === a.country_code.toUpperCase());
      const ordered = best ? [best, ...all.filter((g) => g.id !== best.id)] : all;
      return ordered.map((g) => ({ id: g.id, name: g.display_name, description: g.grid_operator }));
    }
    if (!s.provider_id) return [];
    return this.svc.providers
      .get(s.provider_id, false)
      .tariffs.filter((x) => x.type === t.tariff_type && x.direction === t.tariff_direction)
      .map((x) => ({ id: x.id, name: x.name, description: x.description }));
  }

  private summary(t: ConnectTokenRecord) {
    const scope = this.scope(t);
    const tariff = this.svc.tariffs.slot(scope, t.location_id!, t.tariff_type, t.tariff_direction).at(-1);
    if (!tariff)
      return { currency_code: this.currency(t), market_rates_source: false, tariff: null, rates: { today: [] } };
    const loc = this.svc.locations.find(scope, t.location_id!);
    const day = DateTime.fromJSDate(this.svc.clock.now(), { zone: loc.timezone }).startOf('day');
    const c = compileComponent(tariff, loc.timezone);
    const rates = (start: DateTime) => {
      const from = start.toMillis();
      const to = start.plus({ days: 1 }).startOf('day').toMillis();
      const market =
        tariff.market_rates && loc.market_region ? this.svc.market.series(loc.market_region, from, to) : undefined;
      return computePrices({
        zone: loc.timezone,
        from,
        to,
        direction: t.tariff_direction,
        components: [c],
        market,
      }).map((iv) => ({
        valid_from: DateTime.fromMillis(iv.from, { zone: loc.timezone }).toISO({ suppressMilliseconds: true }),
        valid_to: DateTime.fromMillis(iv.to, { zone: loc.timezone }).toISO({ suppressMilliseconds: true }),
        tariff: { cost: iv.value, confidence: iv.confidence },
      }));
    };
    const provider = tariff.provider_id ? this.providerHeader(tariff.provider_id) : undefined;
    return {
      currency_code: loc.currency_code,
      market_rates_source: tariff.market_rates,
      tariff: {
        name: tariff.display_name ?? 'Tariff',
        ...(tariff.contract_end_date ? { contract_end_date: tariff.contract_end_date } : {}),
        structure_type: structureOf(tariff),
        tiered: isTiered(tariff.schedule),
      },
      rates: { today: rates(day), tomorrow: rates(day.plus({ days: 1 }).startOf('day')) },
      ...(provider ? { provider } : {}),
    };
  }

  // ---- submissions ----

  private async submit(
    t: ConnectTokenRecord,
    route: string,
    action: string | undefined,
    data: unknown,
  ): Promise<Reply> {
    const before = structuredClone(t);
    const s = t.session!;
    if (action !== undefined) {
      if (!PAGE_ACTIONS[route]!.includes(action))
        throw new PageError('action_invalid', `Action ${action} is not allowed on ${route}.`);
      const out = await this.act(before, t, action);
      if (out.save !== false) this.svc.connectTokens.update(before, t);
      return out.reply;
    }
    const parsed = route in PageData ? parsePage(route as PageRoute, data) : undefined;
    if (parsed && !parsed.ok) throw new PageError(parsed.code, parsed.message);
    // Parsed above by the page's own schema; each case reads it with its route's type.
    const input = <R extends PageRoute>(_route: R) =>
      (parsed as unknown as { data: z.output<(typeof PageData)[R]> }).data;
    switch (route) {
      case 'postal_address_capture': {
        const d = input('postal_address_capture');
        const a = d.postal_address as {
          address_line1: string;
          city: string;
          post_code: string;
          country_code: string;
          state?: string;
        };
        if (!(await deriveTimezone({ country_code: a.country_code, ...(a.state ? { state: a.state } : {}) })))
          fail('geo_location_not_found', 'The address could not be placed.');
        s.address = {
          address_line1: a.address_line1,
          city: a.city,
          post_code: a.post_code,
          country_code: a.country_code,
          ...(a.state ? { state: a.state } : {}),
        };
        this.go(t, this.firstChoice(t));
        break;
      }
      case 'provider_select': {
        const d = input('provider_select');
        const id = d.provider.id as string;
        let p;
        try {
          p = this.svc.providers.get(id, t.live_mode);
        } catch {
          return fail('provider_not_found', `No provider '${id}'.`);
        }
        s.provider_id = p.id;
        s.provider_name = undefined;
        if (p.connection_types.includes('DIRECT')) {
          // The provider's own login and consent pages decide; the session resumes after them.
          s.history.push(s.route);
          s.route = 'direct_redirect';
          s.connection_type = 'DIRECT';
          s.direct_result = undefined;
          this.svc.connectTokens.update(before, t);
          const u = new URL(`${this.urls.connectWebUrl()}/provider-login/${encodeURIComponent(p.id)}`);
          u.searchParams.set('svc_cot', t.id);
          return this.redirect(t, u.toString());
        }
        s.connection_type = 'LIBRARY';
        this.go(t, 'tariff_select');
        break;
      }
      case 'provider_name_capture': {
        const d = input('provider_name_capture');
        s.provider_name = d.provider.name;
        s.provider_id = undefined;
        s.connection_type = 'MANUAL';
        this.go(t, 'tariff_name_capture');
        break;
      }
      case 'tariff_select': {
        const d = input('tariff_select');
        const id = d.tariff.id as string;
        if (!this.tariffOptions(t).some((o) => o.id === id)) fail('tariff_not_found', `No tariff '${id}' here.`);
        s.library_tariff_id = id;
        s.connection_type = 'LIBRARY';
        this.go(t, 'contract_term_capture');
        break;
      }
      case 'tariff_name_capture': {
        const d = input('tariff_name_capture');
        s.tariff_name = d.tariff.name;
        s.connection_type = 'MANUAL';
        this.go(t, 'tariff_structure_select');
        break;
      }
      case 'tariff_structure_select': {
        const d = input('tariff_structure_select');
        const choice = d.options[0] as NonNullable<SessionState['structure']>;
        s.structure = choice;
        this.go(
          t,
          choice === 'FIXED' ? 'rate_fixed_capture' : choice === 'TIME_OF_DAY' ? 'rate_tod_capture' : 'region_select',
        );
        break;
      }
      case 'rate_fixed_capture': {
        const d = input('rate_fixed_capture');
        s.fixed_cost = d.cost;
        this.go(t, 'contract_term_capture');
        break;
      }
      case 'rate_tod_capture': {
        const d = input('rate_tod_capture');
        s.tod_hours = this.checkHours(d.hours);
        this.go(t, 'contract_term_capture');
        break;
      }
      case 'region_select': {
        const d = input('region_select');
        const region = d.region as string;
        if (!this.svc.market.regionIds().includes(region))
          fail('market_region_invalid', `'${region}' is not a market region.`);
        s.region = region;
        this.go(t, 'surcharge_capture');
        break;
      }
      case 'surcharge_capture': {
        const d = input('surcharge_capture');
        s.surcharge = { fixed: d.surcharge.fixed, percentage: d.surcharge.percentage };
        this.go(t, 'contract_term_capture');
        break;
      }
      case 'contract_term_capture': {
        const d = input('contract_term_capture');
        const raw = d.contract_end_date as string | undefined;
        let end: string | null = null;
        if (raw !== undefined) {
          const dt = DateTime.fromISO(raw, { setZone: true });
          if (!dt.isValid || dt.toMillis() <= this.svc.clock.now().getTime())
            fail('contract_end_date_invalid', 'Enter a future date, or leave it empty for an open-ended contract.');
          end = dt.toUTC().toISO({ suppressMilliseconds: true });
        }
        return this.complete(before, t, end);
      }
      default:
        throw new PageError('action_missing', `${route} needs an action.`);
    }
    this.svc.connectTokens.update(before, t);
    return this.page(t);
  }

  /** The bands must chain around the clock: each ends where another starts, 24 h in all. */
  private checkHours(bands: { valid_from: string; valid_to: string; cost: number }[]) {
    const spans = bands.map((b) => {
      const f = parseTimeOfDay(b.valid_from)!;
      const to = parseTimeOfDay(b.valid_to)!;
      return { f, len: (to - f + DAY_SECONDS) % DAY_SECONDS || DAY_SECONDS };
    });
    const total = spans.reduce((n, x) => n + x.len, 0);
    const starts = new Set(spans.map((x) => x.f));
    const chained = spans.every((x) => starts.has((x.f + x.len) % DAY_SECONDS));
    if (total > DAY_SECONDS)
      fail('incomplete_time_period', 'The bands overlap: together they must cover exactly 24 hours.');
    if (!chained) fail('gap_in_time_period', 'There is a gap between the bands.');
    if (total < DAY_SECONDS) fail('incomplete_time_period', 'The bands must cover 24 hours.');
    return bands;
  }

  /** A page action; `save: false` when the action has saved the token itself, inside its transaction. */
  private async act(
    before: ConnectTokenRecord,
    t: ConnectTokenRecord,
    action: string,
  ): Promise<{ reply: Reply; save?: boolean }> {
    const s = t.session!;
    switch (action) {
      case 'CLOSE':
        return { reply: this.callback(t) };
      case 'BACK': {
        const prev = s.history.pop();
        if (!prev || prev === 'direct_redirect') return { reply: this.callback(t) };
        s.route = prev;
        return { reply: this.page(t) };
      }
      case 'ADDRESS_CHANGE':
        this.go(t, 'postal_address_capture');
        return { reply: this.page(t) };
      case 'PROVIDER_MISSING':
        this.go(t, 'provider_name_capture');
        return { reply: this.page(t) };
      case 'TARIFF_MISSING':
        this.go(t, 'tariff_name_capture');
        return { reply: this.page(t) };
      case 'EDIT':
      case 'WRONG_TARIFF':
        s.history = [];
        s.route = this.addressKnown(t) ? this.firstChoice(t) : 'postal_address_capture';
        return { reply: this.page(t) };
      case 'DISCONNECT': {
        const scope = this.scope(t);
        this.svc.db.transaction(() => {
          if (t.location_id) this.svc.tariffs.removeSlot(scope, t.location_id, t.tariff_type, t.tariff_direction);
          t.used = true;
          t.complete_action = 'DISCONNECT';
          t.price_available = t.location_id
            ? this.svc.tariffs.hasDirection(scope, t.location_id, t.tariff_direction)
            : false;
          // With the removal, so a session that lost a race removes nothing.
          this.svc.connectTokens.update(before, t);
        })();
        return { reply: this.callback(t), save: false };
      }
      default:
        throw new PageError('action_invalid', `Unknown action ${action}.`);
    }
  }

  // ---- completion ----

  /** DIRECT: after the provider's pages (or when a pending provider is asked again). */
  private async resolveDirect(before: ConnectTokenRecord, t: ConnectTokenRecord): Promise<Reply> {
    const s = t.session!;
    const p = this.svc.providers.get(s.provider_id!, t.live_mode);
    // A pending provider is asked again each time: testers flip it to succeed or fail meanwhile.
    const result = s.route === 'tariff_connection_pending' ? (p.direct_behaviour ?? 'succeed') : s.direct_result;
    if (result === 'succeed') return this.complete(before, t, null);
    s.route = result === 'pending' ? 'tariff_connection_pending' : 'tariff_connection_failed';
    s.connection_type = 'DIRECT';
    this.svc.connectTokens.update(before, t);
    return this.page(t);
  }

  /** What the session captured, as a tariff schedule and its origin. */
  private captured(t: ConnectTokenRecord): {
    schedule: Schedule;
    market: boolean;
    name: string;
    provider_id?: string;
    origin: { connection_type: 'MANUAL' | 'LIBRARY' | 'DIRECT'; is_linked: boolean };
  } {
    const s = t.session!;
    if (s.connection_type === 'DIRECT') {
      const p = this.svc.providers.get(s.provider_id!, false);
      const lt = p.tariffs.find((x) => x.type === t.tariff_type && x.direction === t.tariff_direction) ?? p.tariffs[0];
      const schedule =
        lt?.schedule ?? dailySchedule([{ valid_from: '00:00:00', valid_to: '00:00:00', rate: [{ fixed: 0.3 }] }]);
      return {
        schedule,
        market: lt?.market_rates ?? false,
        name: lt?.name ?? `${p.display_name} tariff`,
        provider_id: p.id,
        origin: { connection_type: 'DIRECT', is_linked: true },
      };
    }
    if (s.library_tariff_id) {
      if (t.tariff_type === 'NON_COMMODITY') {
        const g = this.svc.gridFees.get(s.library_tariff_id);
        return {
          schedule: g.schedule,
          market: false,
          name: `${g.grid_operator}: ${g.display_name}`,
          origin: { connection_type: 'LIBRARY', is_linked: true },
        };
      }
      const lt = this.svc.providers.libraryTariff(s.provider_id!, s.library_tariff_id)!;
      return {
        schedule: lt.schedule,
        market: lt.market_rates,
        name: lt.name,
        provider_id: s.provider_id!,
        origin: { connection_type: 'LIBRARY', is_linked: true },
      };
    }
    const name = [s.provider_name, s.tariff_name].filter(Boolean).join(' – ') || 'Manual tariff';
    const origin = { connection_type: 'MANUAL' as const, is_linked: false };
    const provider = s.provider_id ? { provider_id: s.provider_id } : {};
    if (s.structure === 'FIXED')
      return {
        schedule: dailySchedule([{ valid_from: '00:00:00', valid_to: '00:00:00', rate: [{ fixed: s.fixed_cost! }] }]),
        market: false,
        name,
        ...provider,
        origin,
      };
    if (s.structure === 'TIME_OF_DAY')
      return {
        schedule: dailySchedule(
          s.tod_hours!.map((h) => ({ valid_from: h.valid_from, valid_to: h.valid_to, rate: [{ fixed: h.cost }] })),
        ),
        market: false,
        name,
        ...provider,
        origin,
      };
    const sc = s.surcharge ?? { fixed: 0, percentage: 0 };
    return {
      schedule: dailySchedule([
        {
          valid_from: '00:00:00',
          valid_to: '00:00:00',
          rate: [{ surcharge_fixed: sc.fixed, surcharge_percentage: sc.percentage / 100 }],
        },
      ]),
      market: true,
      name,
      ...provider,
      origin,
    };
  }

  /**
   * Stores the location (new or existing) and the tariff, replacing the slot's previous one,
   * marks the token used and records `connect.session.complete`, all in one transaction.
   */
  private async complete(
    before: ConnectTokenRecord,
    t: ConnectTokenRecord,
    contractEnd: string | null,
  ): Promise<Reply> {
    const scope = this.scope(t);
    const s = t.session!;
    const c = this.captured(t);
    const newLocation = t.location_id
      ? undefined
      : await this.svc.locations.prepare(scope, {
          // Only the parts of the address the customer gave; the country is always captured by now.
          postal_address: Object.fromEntries(Object.entries(this.address(t)).filter(([, v]) => v)) as {
            country_code: string;
          },
          ...(s.region ? { market_region: s.region } : {}),
        });
    this.svc.db.transaction(() => {
      const locationId = t.location_id ?? this.svc.locations.insert(scope, newLocation!).id;
      // A linked or typed-in contract is already running: it applies from the start of the local day.
      const zone = this.svc.locations.find(scope, locationId).timezone;
      const contractStart = DateTime.fromJSDate(this.svc.clock.now(), { zone }).toISODate()!;
      if (s.region && t.location_id && c.market) this.svc.locations.setMarketRegion(scope, locationId, s.region);
      const replacing = this.svc.tariffs.slot(scope, locationId, t.tariff_type, t.tariff_direction).map((x) => x.id);
      const tariff = this.svc.tariffs.create(
        scope,
        {
          location_id: locationId,
          type: t.tariff_type,
          direction: t.tariff_direction,
          display_name: c.name,
          ...(c.provider_id ? { provider_id: c.provider_id } : {}),
          market_rates: c.market,
          contract_start_date: contractStart,
          contract_end_date: contractEnd,
          schedule: c.schedule,
        },
        c.origin,
        replacing,
      );
      t.location_id = locationId;
      t.tariff_id = tariff.id;
      t.used = true;
      t.complete_action = 'CONNECT';
      t.price_available = true;
      s.history = [];
      s.route = 'tariff_summary';
      this.svc.connectTokens.update(before, t);
      this.svc.events.record(scope, 'connect.session.complete', t.id, {
        id: t.id,
        object: 'connect_token',
        location_id: locationId,
        price_available: true,
      });
    })();
    return this.page(t);
  }

  /** The simulated provider's answer, from its consent page. */
  setDirectResult(
    tokenId: string,
    providerId: string,
    result: 'succeed' | 'pending' | 'fail',
  ): ConnectTokenRecord | undefined {
    const t = this.svc.connectTokens.load(tokenId);
    if (!t || !t.session || t.session.route !== 'direct_redirect' || t.session.provider_id !== providerId)
      return undefined;
    const before = structuredClone(t);
    t.session.direct_result = result;
    this.svc.connectTokens.update(before, t);
    return t;
  }
}
