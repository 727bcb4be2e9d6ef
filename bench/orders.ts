import type { OwnerOrderListQuery } from '@shop/contracts/order'
import { sql } from 'kysely'
import { lowStock } from '../apps/server/src/modules/catalogue/stock.service.ts'
import { salesFigures } from '../apps/server/src/modules/order/figures.service.ts'
import type { ShippingRecord } from '../apps/server/src/modules/order/order.records.ts'
import { listAllOrders } from '../apps/server/src/modules/order/order.service.ts'
import { type Db, openDatabase } from '../apps/server/src/platform/db/database.ts'
import type { AppContext } from '../apps/server/src/platform/http/context.ts'
import { startShop } from '../e2e/support/shop.ts'
import { record } from './figures.ts'
import { timingsMs } from './in-process.ts'
import { benchEngines } from './load.ts'

const SIZE = Number(process.env.BENCH_ORDERS_SIZE ?? 100_000)
const RUNS = Number(process.env.BENCH_ORDERS_RUNS ?? 40)
const STATUSES = ['CREATED', 'CONFIRMED', 'PAID', 'SHIPPED', 'COMPLETED', 'DECLINED']
const SITES = ['us', 'de', 'ca']
const address = (type: string) => ({
  type,
  contactName: 'Ada Lovelace',
  street: '1 Main Street',
  city: 'Springfield',
  zipCode: '10001',
  country: 'US',
})
const ADDRESSES = JSON.stringify([address('SHIPPING'), address('BILLING')])
const SHIPPING = JSON.stringify({
  methodId: 'm',
  zoneId: 'z',
  name: 'Standard',
  costMinor: 0,
  currency: 'USD',
  tax: { label: 'Sales tax', rateBasisPoints: 0, included: false },
} satisfies ShippingRecord)

/** SIZE orders of one line each, spread over a year, the statuses, the sites and 5,000 customers' e-mails. */
export async function fillOrders(db: Db): Promise<string> {
  const start = Date.parse('2025-01-01T00:00:00Z')
  let probe = ''
  await db.transaction().execute(async (trx) => {
    for (let from = 0; from < SIZE; from += 500) {
      const orders = []
      const entries = []
      for (let n = from; n < Math.min(SIZE, from + 500); n++) {
        const id = `ORD-B${String(n).padStart(9, '0')}`
        if (n === Math.floor(SIZE / 2)) probe = id
        const total = 1000 + ((n * 7919) % 50_000)
        orders.push({
          id,
          status: STATUSES[n % STATUSES.length] as string,
          site_code: SITES[n % SITES.length] as string,
          cart_id: `cart-${n}`,
          customer_id: null,
          session_id: `s-${n}`,
          email: `customer${n % 5000}@example.com`,
          currency: 'USD',
          subtotal_minor: total,
          discount_minor: 0,
          fees_minor: 0,
          tax_minor: 0,
          shipping_minor: 0,
          total_minor: total,
          customer: JSON.stringify({
            email: `customer${n % 5000}@example.com`,
            firstName: 'A',
            lastName: 'B',
          }),
          addresses: ADDRESSES,
          shipping: SHIPPING,
          payment: JSON.stringify({
            method: 'test-card',
            brand: 'visa',
            last4: '4242',
            chargeId: `ch-${n}`,
            amountMinor: total,
            status: 'captured',
          }),
          discounts: '[]',
          created_at: new Date(start + n * 311_000).toISOString(),
        })
        entries.push({
          order_id: id,
          line: 1,
          item_yrn: 'yrn',
          product_id: 'p',
          variant_id: null,
          name: 'Thing',
          quantity: 1,
          unit_price_minor: total,
          total_minor: total,
        })
      }
      await trx.insertInto('orders').values(orders).execute()
      await trx.insertInto('order_entries').values(entries).execute()
    }
  })
  return probe
}

const timings = (fn: () => Promise<unknown>) => timingsMs(fn, RUNS)

/**
 * `npm run bench -- orders`: the staff order list (docs/decisions/0057-staff-orders.md) at SIZE orders, the
 * service call a page request makes (page, total, lines), in-process on both engines: p50 and p95 of RUNS runs
 * per filter, and page 100 ÷ page 1; then the dashboard's queries (0069) for 30 days and a year of one site.
 */
export async function run(): Promise<void> {
  const lines: string[] = []
  for (const engine of await benchEngines()) {
    const shop = await startShop(engine)
    try {
      const filled = openDatabase(shop.databaseUrl)
      const t0 = performance.now()
      const probe = await fillOrders(filled.db)
      if (engine === 'sqlite') await sql`analyze`.execute(filled.db)
      else await sql`analyze orders`.execute(filled.db)
      await filled.close()
      console.log(`${engine}: ${SIZE} orders in ${((performance.now() - t0) / 1000).toFixed(1)} s`)
      const handle = openDatabase(shop.databaseUrl)
      const ctx = { db: handle.db } as AppContext
      const list = (query: Partial<OwnerOrderListQuery>) => () =>
        listAllOrders(ctx, { pageNumber: 1, pageSize: 20, ...query } as OwnerOrderListQuery)
      const cases: Array<[string, Partial<OwnerOrderListQuery>]> = [
        ['all, page 1', {}],
        ['all, page 100', { pageNumber: 100 }],
        ['status SHIPPED', { status: 'SHIPPED' }],
        ['site de, March', { site: 'de', from: '2025-03-01', to: '2025-03-31' }],
        ['total 100.00–120.00', { minTotalMinor: 10_000, maxTotalMinor: 12_000 }],
        ['e-mail "customer42@"', { q: 'customer42@' }],
        ['order number', { q: probe }],
      ]
      // The dashboard's queries (docs/decisions/0069-dashboard.md): sales per day and top products of a site and
      // period, and low stock, as one page load runs them.
      const board = (site: string, from: string, until: string) => () =>
        Promise.all([salesFigures(ctx, { site, from, until }, 10), lowStock(handle.db, 5, 'en', 20)])
      const boards: Array<[string, () => Promise<unknown>]> = [
        ['dashboard, site us, 30 days', board('us', '2025-03-01T00:00:00.000Z', '2025-03-31T00:00:00.000Z')],
        ['dashboard, site us, a year', board('us', '2025-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z')],
      ]
      for (const [label, fn] of boards) {
        const { p50, p95 } = await timings(fn)
        record({
          measure: `${label} p95 (service)`,
          engine,
          size: SIZE,
          value: `${p95.toFixed(1)} ms`,
          raw: `p50 ${p50.toFixed(1)} ms`,
          target: 'p95 under 50 ms',
        })
        lines.push(`| ${engine} | ${label} | ${p50.toFixed(1)} | ${p95.toFixed(1)} |`)
      }
      for (const [label, query] of cases) {
        const { p50, p95 } = await timings(list(query))
        record({
          measure: `staff order list p95 (service), ${label}`,
          engine,
          size: SIZE,
          value: `${p95.toFixed(1)} ms`,
          raw: `p50 ${p50.toFixed(1)} ms`,
          target: 'p95 under 50 ms',
        })
        lines.push(`| ${engine} | ${label} | ${p50.toFixed(1)} | ${p95.toFixed(1)} |`)
      }
      await handle.close()
    } finally {
      await shop.stop()
    }
  }
  console.log(`| engine | staff order list (${SIZE} orders, 20 per page) | p50 ms | p95 ms |`)
  console.log('| --- | --- | ---: | ---: |')
  for (const line of lines) console.log(line)
}
