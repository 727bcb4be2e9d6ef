import type { ShippingMethod, ShippingZone } from '@shop/contracts/shipping'

/** Shipping methods of the zones serving a country, cheapest first (a free one counts as cheapest; ties keep order). */
export function methodsFor(zones: ShippingZone[], country: string): ShippingMethod[] {
  return zones
    .filter((z) => z.shipTo.some((s) => s.countryCode === country))
    .flatMap((z) => z.methods)
    .map((m, i) => ({ m, i }))
    .sort((a, b) => a.m.fee.amount - b.m.fee.amount || a.i - b.i)
    .map((x) => x.m)
}

/** The cost of a method for an order value: the tier with the highest threshold not above the value. */
export function methodCost(method: ShippingMethod, orderValue: number): number {
  let cost = method.fee.amount
  let best = Number.NEGATIVE_INFINITY
  for (const tier of method.fees) {
    const min = tier.minOrderValue.amount
    if (min <= orderValue && min > best) {
      best = min
      cost = tier.cost.amount
    }
  }
  return cost
}

/** The wizard's value for a method, `zoneId|methodId` (the order request splits it again). */
export const methodKey = (method: ShippingMethod) => `${method.zoneId}|${method.id}`
