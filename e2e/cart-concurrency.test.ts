import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import pg from 'pg'
import { type RunningShop, startShop } from './support/shop.ts'

/**
 * Two shop processes on one PostgreSQL database; 50 parallel writes to one cart, spread over both: 25 adds of
 * one unit of item A and 25 quantity changes of item B. No write may be lost and no line duplicated.
 */
const skip = process.env.TEST_DATABASE_URL ? false : 'TEST_DATABASE_URL is not set'

describe('one cart, two server processes, 50 parallel writes (postgres)', { skip }, () => {
  let first: RunningShop
  let second: RunningShop
  before(async () => {
    first = await startShop('postgres')
    second = await startShop('postgres', {}, { databaseUrl: first.databaseUrl })
  })
  after(async () => {
    await second?.stop()
    await first?.stop()
  })

  test('no lost update, no duplicate line, every write counted once', async () => {
    const db = new pg.Client({ connectionString: first.databaseUrl })
    await db.connect()
    after(() => db.end())
    const { rows: products } = await db.query(
      `select p.id from products p join prices pr on pr.product_id = p.id and pr.currency = 'USD'
       where p.has_variants = 0 and p.published = 1 and p.stock >= 100 group by p.id order by p.id limit 2`,
    )
    assert.equal(products.length, 2, 'two demo products with stock')
    const [a, b] = products.map((p) => p.id as string)

    const token = (await (await fetch(`${first.url}/api/auth/anonymous/login`)).json()).access_token
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' }
    const api = (base: string, method: string, path: string, body?: object) =>
      fetch(`${base}${path}`, { method, headers, body: body ? JSON.stringify(body) : undefined })
    const { cartId } = await (await api(first.url, 'POST', '/api/cart/carts', { siteCode: 'us' })).json()
    const addB = await api(second.url, 'POST', `/api/cart/carts/${cartId}/items`, {
      productId: b,
      quantity: 1,
    })
    assert.equal(addB.status, 201)
    const { itemId: itemB } = await addB.json()

    const writes = Array.from({ length: 50 }, (_, i) => {
      const base = i % 2 === 0 ? first.url : second.url
      return i % 4 < 2
        ? api(base, 'POST', `/api/cart/carts/${cartId}/items`, { productId: a, quantity: 1 })
        : api(base, 'PUT', `/api/cart/carts/${cartId}/items/${itemB}?partial=true`, { quantity: 1 + (i % 7) })
    })
    const statuses = (await Promise.all(writes)).map((r) => r.status)
    const adds = statuses.filter((_, i) => i % 4 < 2)
    assert.ok(
      statuses.every((s) => s === 200 || s === 201),
      `statuses ${statuses.join(',')}`,
    )

    const cart = await (await api(second.url, 'GET', `/api/cart/carts/${cartId}`)).json()
    const lines = cart.items.filter((item: { productId: string }) => item.productId === a)
    assert.equal(lines.length, 1, 'one line for item A')
    assert.equal(lines[0].quantity, adds.length, 'every add counted')
    assert.equal(cart.items.length, 2)
    const { rows } = await db.query('select version from carts where id = $1', [cartId])
    assert.equal(rows[0].version, 51, 'each write bumped the version exactly once')
    const { rows: dup } = await db.query(
      'select item_yrn, count(*)::int as n from cart_items where cart_id = $1 group by item_yrn having count(*) > 1',
      [cartId],
    )
    assert.deepEqual(dup, [])
    const quantityB = cart.items.find((item: { id: string }) => item.id === itemB).quantity
    assert.ok(quantityB >= 1 && quantityB <= 7)
  })
})
