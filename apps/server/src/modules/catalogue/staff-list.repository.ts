import type { StaffProductListQuery } from '@shop/contracts/backoffice'
import { sql } from 'kysely'
import type { Db } from '../../platform/db/database.ts'

/**
 * The back office's product list: one query finds the page's ids along an index (migration 0019), three
 * batched queries fill its rows in (names, prices, first category); never a query per row.
 */
export interface StaffListCriteria extends StaffProductListQuery {
  currency: string
}

/** How many products there are (the list without q; staff-search.repository.ts counts the matches of q). */
export async function countStaffProducts(db: Db): Promise<number> {
  const row = await db
    .selectFrom('products')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/** The ids of one page in the list's order, without q. */
export async function findStaffPageIds(db: Db, c: StaffListCriteria): Promise<string[]> {
  const offset = (c.page - 1) * c.pageSize
  const dir = c.order
  const base = db.selectFrom('products')
  if (c.sort === 'price') return pricePageIds(db, c, offset)
  let query =
    c.sort === 'name'
      ? base
          .innerJoin('product_sort_names as s', 's.product_id', 'products.id')
          .where('s.language', '=', c.language)
          .orderBy('s.sort_name', dir)
      : c.sort === 'sku'
        ? base.orderBy('products.code', dir)
        : c.sort === 'stock'
          ? base.orderBy('products.stock', dir)
          : base.orderBy('products.created_at', dir)
  query = query.orderBy('products.id', dir)
  const rows = await query.select('products.id').limit(c.pageSize).offset(offset).execute()
  return rows.map((r) => r.id)
}

/**
 * By price in one currency: the priced products along prices_staff_order, then (ascending; first when
 * descending) those without a price in that currency, by id.
 */
async function pricePageIds(db: Db, c: StaffListCriteria, offset: number): Promise<string[]> {
  const priced = db
    .selectFrom('prices')
    .innerJoin('products', 'products.id', 'prices.product_id')
    .where('prices.currency', '=', c.currency)
    .where('prices.variant_id', 'is', null)
  const unpriced = db
    .selectFrom('products')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('prices as p')
            .select(sql`1`.as('one'))
            .whereRef('p.product_id', '=', 'products.id')
            .where('p.currency', '=', c.currency)
            .where('p.variant_id', 'is', null),
        ),
      ),
    )
  const pricedPage = (skip: number, take: number) =>
    priced
      .select('products.id')
      .orderBy('prices.effective_minor', c.order)
      .orderBy('prices.product_id', c.order)
      .limit(take)
      .offset(skip)
      .execute()
  const unpricedPage = (skip: number, take: number) =>
    unpriced.select('products.id').orderBy('products.id').limit(take).offset(skip).execute()
  const [first, second] = c.order === 'asc' ? [pricedPage, unpricedPage] : [unpricedPage, pricedPage]
  const head = await first(offset, c.pageSize)
  if (head.length === c.pageSize) return head.map((r) => r.id)
  const firstCount =
    head.length > 0
      ? offset + head.length
      : Number(
          (
            await (c.order === 'asc' ? priced : unpriced)
              .select((eb) => eb.fn.countAll<number | string>().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        )
  const tail = await second(Math.max(0, offset - firstCount), c.pageSize - head.length)
  return [...head, ...tail].map((r) => r.id)
}

/** The rows of a page: product columns, names in the language (English when missing), prices, first category. */
export async function findStaffRows(db: Db, ids: string[], language: string) {
  if (ids.length === 0) return { products: [], texts: [], prices: [], categories: [] }
  const [products, texts, prices, categories] = await Promise.all([
    db
      .selectFrom('products')
      .select(['id', 'code', 'published', 'stock', 'created_at'])
      .where('id', 'in', ids)
      .execute(),
    db
      .selectFrom('product_texts')
      .select(['product_id', 'language', 'name'])
      .where('product_id', 'in', ids)
      .where('language', 'in', [language, 'en'])
      .execute(),
    db
      .selectFrom('prices')
      .select(['product_id', 'currency', 'effective_minor', 'original_minor'])
      .where('product_id', 'in', ids)
      .where('variant_id', 'is', null)
      .orderBy('currency')
      .execute(),
    db
      .selectFrom('category_assignments as a')
      .leftJoin('category_texts as t', (join) =>
        join.onRef('t.category_id', '=', 'a.category_id').on('t.language', '=', language),
      )
      .select(['a.product_id', 'a.category_id', 'a.position', 't.name'])
      .where('a.product_id', 'in', ids)
      .orderBy('a.position')
      .orderBy('a.category_id')
      .execute(),
  ])
  return { products, texts, prices, categories }
}
