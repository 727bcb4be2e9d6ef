export type { Period } from './dashboard.repository.ts'

import { toAmount } from '@shop/contracts/money'
import type { AppContext } from '../../platform/http/context.ts'
import * as dashboard from './dashboard.repository.ts'
import * as repo from './order.repository.ts'
import * as staffOrders from './staff-order.repository.ts'

/**
 * The order module's figures for the staff's customer page and the dashboard (docs/decisions/0068, 0069).
 *
 * A customer's newest orders (up to 50) and, per currency, how many and their sum less refunds (the staff's customer page). */
export async function customerOrderSummary(ctx: Pick<AppContext, 'db'>, customerId: string) {
  const [rows, totals] = await Promise.all([
    repo.listCustomerOrders(ctx.db, customerId, 0, 50),
    staffOrders.customerTotals(ctx.db, customerId),
  ])
  return {
    orders: rows.map((o) => ({
      id: o.id,
      created: o.created_at,
      status: o.status,
      total: toAmount(o.total_minor, o.currency),
      currency: o.currency,
    })),
    totals: totals.map((t) => ({
      currency: t.currency,
      orders: Number(t.orders),
      total: toAmount(Number(t.total) - Number(t.refunded), t.currency),
    })),
  }
}

/** Sales figures of a site and period for the dashboard: per day, and the top products (docs/decisions/0069). */
export async function salesFigures(ctx: Pick<AppContext, 'db'>, period: dashboard.Period, top: number) {
  const [days, products] = await Promise.all([
    dashboard.salesPerDay(ctx.db, period),
    dashboard.topProducts(ctx.db, period, top),
  ])
  return {
    days: days.map((d) => ({ day: d.day, orders: Number(d.orders), salesMinor: Number(d.sales ?? 0) })),
    topProducts: products.map((p) => ({
      productId: p.productId,
      name: String(p.name ?? ''),
      units: Number(p.units),
      salesMinor: Number(p.sales),
    })),
  }
}
