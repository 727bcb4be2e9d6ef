import { toAmount } from '@shop/contracts/money'
import type { ShippingZone } from '@shop/contracts/shipping'
import { keptRead } from '../../platform/cache/kept-read.ts'
import type { AppContext } from '../../platform/http/context.ts'
import { badRequest, notFound } from '../../platform/http/errors.ts'
import * as repo from './shipping.repository.ts'

/** A fee tier: from this order value (inclusive) the method costs feeMinor; tiers ascend. */
export interface FeeTier {
  minOrderMinor: number
  feeMinor: number
}

export interface ZoneOptions {
  methods: boolean
  fees: boolean
  activeOnly: boolean
}

/**
 * A method's name in the first of `languages` it has one in (the shopper's, best first), else in the site's
 * default language (`name`, docs/decisions/0062-staff-shipping.md).
 */
export function nameIn(method: { name: string; names: string }, languages: readonly string[]): string {
  const names = JSON.parse(method.names) as Record<string, string>
  for (const language of languages) if (names[language]) return names[language]
  return method.name
}

/**
 * A site's zones and all their methods, in their order (null: no such site): what the zone list, the quotes and
 * an order's shipping read, kept while the settings stay (docs/decisions/0088).
 */
const siteShipping = keptRead('settings', async (db, siteCode) => {
  if (!(await repo.siteExists(db, siteCode))) return null
  const zones = await repo.findZones(db, siteCode)
  const methods = zones.length
    ? await repo.findMethods(
        db,
        zones.map((z) => z.id),
      )
    : []
  return { zones, methods }
})

export async function listZones(
  ctx: AppContext,
  siteCode: string,
  options: ZoneOptions,
  languages: readonly string[] = [],
): Promise<ShippingZone[]> {
  const shipping = await siteShipping(ctx.db, siteCode)
  if (!shipping) throw notFound('Site', siteCode)
  const { zones } = shipping
  const methods = options.methods ? shipping.methods.filter((m) => !options.activeOnly || m.active) : []
  return zones.map((zone) => ({
    id: zone.id,
    name: zone.name,
    shipTo: parseCountries(zone.ship_to).map((countryCode) => ({ countryCode })),
    methods: methods
      .filter((m) => m.zone_id === zone.id)
      .map((m) => {
        const tiers = parseTiers(m.fees)
        const money = (minor: number) => ({ amount: toAmount(minor, m.currency), currency: m.currency })
        return {
          id: m.id,
          name: nameIn(m, languages),
          zoneId: zone.id,
          fee: money(tiers[0]?.feeMinor ?? 0),
          fees: options.fees
            ? tiers.map((t) => ({ minOrderValue: money(t.minOrderMinor), cost: money(t.feeMinor) }))
            : [],
        }
      }),
  }))
}

export interface Quote {
  methodId: string
  zoneId: string
  name: string
  costMinor: number
  currency: string
}

/**
 * The cost of shipping an order of `orderTotalMinor` with a method to a country: the fee of the highest tier
 * the order value reaches. A method that does not serve the country is a 400 on the addresses field.
 */
export async function quote(
  ctx: Pick<AppContext, 'db'>,
  siteCode: string,
  countryCode: string,
  methodId: string,
  zoneId: string,
  orderTotalMinor: number,
  languages: readonly string[] = [],
): Promise<Quote> {
  const shipping = await siteShipping(ctx.db, siteCode)
  const zone = shipping?.zones.find((z) => z.id === zoneId)
  const method = zone && shipping?.methods.find((m) => m.id === methodId && m.zone_id === zone.id)
  if (!zone || !method?.active) {
    throw badRequest('invalid_shipping_method', 'The shipping method is not available', [
      {
        field: 'shipping.methodId',
        type: 'invalid',
        message: `no active method ${methodId} in zone ${zoneId}`,
      },
    ])
  }
  if (!parseCountries(zone.ship_to).includes(countryCode)) {
    throw badRequest('country_not_served', 'The shipping method does not deliver to this country', [
      {
        field: 'addresses',
        type: 'country_not_served',
        message: `${methodId} does not ship to ${countryCode}`,
      },
    ])
  }
  return {
    methodId: method.id,
    zoneId: method.zone_id,
    name: nameIn(method, languages),
    costMinor: feeFor(parseTiers(method.fees), orderTotalMinor),
    currency: method.currency,
  }
}

/** The fee of the last tier whose minimum the order value reaches; 0 without tiers. */
export function feeFor(tiers: FeeTier[], orderTotalMinor: number): number {
  let fee = tiers[0]?.feeMinor ?? 0
  for (const tier of tiers) if (orderTotalMinor >= tier.minOrderMinor) fee = tier.feeMinor
  return fee
}

const parseCountries = (json: string) => JSON.parse(json) as string[]
const parseTiers = (json: string) =>
  (JSON.parse(json) as FeeTier[]).slice().sort((a, b) => a.minOrderMinor - b.minOrderMinor)

export interface QuotedMethod {
  id: string
  name: string
  zoneId: string
  costMinor: number
  currency: string
}

/**
 * POST {site}/quote: every active method of the zones serving the country, with its cost for the order value,
 * cheapest first (a tie keeps zone and method order, so the first wins; a free method is the cheapest).
 */
export async function quoteMethods(
  ctx: Pick<AppContext, 'db'>,
  siteCode: string,
  countryCode: string,
  orderTotalMinor: number,
  languages: readonly string[] = [],
): Promise<QuotedMethod[]> {
  const shipping = await siteShipping(ctx.db, siteCode)
  if (!shipping) throw notFound('Site', siteCode)
  const serving = new Set(
    shipping.zones.filter((z) => parseCountries(z.ship_to).includes(countryCode)).map((z) => z.id),
  )
  const methods = shipping.methods.filter((m) => m.active && serving.has(m.zone_id))
  const quoted = methods.map((m, order) => ({
    order,
    id: m.id,
    name: nameIn(m, languages),
    zoneId: m.zone_id,
    costMinor: feeFor(parseTiers(m.fees), orderTotalMinor),
    currency: m.currency,
  }))
  return quoted.sort((a, b) => a.costMinor - b.costMinor || a.order - b.order).map(({ order: _, ...m }) => m)
}

/** GET shippingcosts: the cost of one method (or of the cheapest) for a country; null when nothing matches. */
export async function shippingCost(
  ctx: Pick<AppContext, 'db'>,
  siteCode: string,
  countryCode: string,
  orderTotalMinor: number,
  method?: { methodId?: string; zoneId?: string },
  languages: readonly string[] = [],
): Promise<QuotedMethod | null> {
  const methods = await quoteMethods(ctx, siteCode, countryCode, orderTotalMinor, languages)
  return (
    methods.find(
      (m) =>
        (!method?.methodId || m.id === method.methodId) && (!method?.zoneId || m.zoneId === method.zoneId),
    ) ?? null
  )
}
