import { ORDER_STATUSES, type OwnerOrderListQuery } from '@shop/contracts/order'

/** The order list's view, as the address holds it (every filtered view can be linked and reloaded). */
export interface OrderView {
  q: string
  status: string
  site: string
  from: string
  to: string
  min: string
  max: string
  page: number
}

export const PAGE_SIZE = 20
const DAY = /^\d{4}-\d{2}-\d{2}$/
const AMOUNT = /^\d{1,10}([.,]\d{1,2})?$/

/** An amount the staff typed ("12.50", "12,5") in minor units (the shop's currencies have two decimals). */
export function minorOf(text: string): number | undefined {
  if (!AMOUNT.test(text)) return undefined
  const [whole = '0', part = ''] = text.split(/[.,]/)
  return Number(whole) * 100 + Number(part.padEnd(2, '0'))
}

/** The view of the address's search parameters; what is not valid is left out rather than refused. */
export function orderViewOf(params: URLSearchParams, siteCodes: string[]): OrderView {
  const text = (name: string) => params.get(name)?.trim() ?? ''
  const pick = (name: string, ok: (value: string) => boolean) => (ok(text(name)) ? text(name) : '')
  return {
    q: text('q').slice(0, 100),
    status: pick('status', (v) => (ORDER_STATUSES as readonly string[]).includes(v)),
    site: pick('site', (v) => siteCodes.includes(v)),
    from: pick('from', (v) => DAY.test(v)),
    to: pick('to', (v) => DAY.test(v)),
    min: pick('min', (v) => minorOf(v) !== undefined),
    max: pick('max', (v) => minorOf(v) !== undefined),
    page: Math.max(1, Math.min(100_000, Number.parseInt(params.get('page') ?? '1', 10) || 1)),
  }
}

/** The API's query for a view. */
export function orderQueryOf(view: OrderView): Partial<OwnerOrderListQuery> {
  const query: Partial<OwnerOrderListQuery> = { pageNumber: view.page, pageSize: PAGE_SIZE }
  if (view.q) query.q = view.q
  if (view.status) query.status = view.status as OwnerOrderListQuery['status']
  if (view.site) query.site = view.site
  if (view.from) query.from = view.from
  if (view.to) query.to = view.to
  if (view.min) query.minTotalMinor = minorOf(view.min)
  if (view.max) query.maxTotalMinor = minorOf(view.max)
  return query
}

/** The address of a view (the list's links: pages). */
export function orderListHref(view: OrderView): string {
  const qs = new URLSearchParams()
  for (const key of ['q', 'status', 'site', 'from', 'to', 'min', 'max'] as const) {
    if (view[key]) qs.set(key, view[key])
  }
  if (view.page > 1) qs.set('page', String(view.page))
  const text = qs.toString()
  return text ? `/admin/orders?${text}` : '/admin/orders'
}
