import type { Dashboard, DashboardQuery } from '@shop/contracts/backoffice-dashboard'
import type { AppContext } from '../../platform/http/context.ts'
import { lowStock } from '../catalogue/stock.service.ts'
import { salesFigures } from '../order/figures.service.ts'
import { getSite } from '../site/site.service.ts'

/** What counts as running out on the dashboard, and how many rows each list shows. */
export const LOW_STOCK_THRESHOLD = 5
const TOP = 10
const LOW = 20

const DAY = 86_400_000

/** Every day from `from` to `to` inclusive, as YYYY-MM-DD (UTC). */
export function daysOf(from: string, to: string): string[] {
  const days: string[] = []
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += DAY)
    days.push(new Date(t).toISOString().slice(0, 10))
  return days
}

/** Average order value in minor units, halves rounded up; 0 without orders. */
export const aovOf = (salesMinor: number, orders: number) =>
  orders > 0 ? Math.round(salesMinor / orders) : 0

/**
 * The owner's dashboard (docs/decisions/0069-dashboard.md): three queries — sales per day and the top products of
 * the order module, low stock of the catalogue — with the days without orders filled in.
 */
export async function dashboardOf(ctx: AppContext, query: DashboardQuery): Promise<Dashboard> {
  const site = await getSite(ctx, query.site)
  const until = new Date(Date.parse(`${query.to}T00:00:00Z`) + DAY).toISOString()
  const period = { site: site.code, from: `${query.from}T00:00:00.000Z`, until }
  const [sales, low] = await Promise.all([
    salesFigures(ctx, period, TOP),
    lowStock(ctx.db, LOW_STOCK_THRESHOLD, site.defaultLanguage, LOW),
  ])
  const byDay = new Map(sales.days.map((d) => [d.day, d]))
  const days = daysOf(query.from, query.to).map((day) => {
    const d = byDay.get(day)
    const orders = d?.orders ?? 0
    const salesMinor = d?.salesMinor ?? 0
    return { day, orders, salesMinor, aovMinor: aovOf(salesMinor, orders) }
  })
  const orders = days.reduce((n, d) => n + d.orders, 0)
  const salesMinor = days.reduce((n, d) => n + d.salesMinor, 0)
  return {
    site: site.code,
    currency: site.currency,
    from: query.from,
    to: query.to,
    days,
    totals: { orders, salesMinor, aovMinor: aovOf(salesMinor, orders) },
    topProducts: sales.topProducts,
    lowStock: low.map((l) => ({
      productId: l.productId,
      variantId: l.variantId,
      code: l.code,
      name: l.name ?? l.code,
      stock: Number(l.stock),
    })),
  }
}
