import assert from 'node:assert/strict'
import { after, describe, test } from 'node:test'
import { invalidate } from '../apps/server/src/platform/cache/versions.ts'
import { pickProduct, shopper } from './support/orders.ts'
import { engines, startShop } from './support/shop.ts'

/**
 * Two shop processes on one database, each with its own answer cache (docs/decisions/0030) and page cache
 * (0040): a change made through one (an order that reserves the last unit) or by any writer making the
 * invalidate call (a price) is seen by the other on its very next read, with both caches warm.
 */
for (const { engine, skip } of engines) {
  describe(`catalogue answer cache across two processes on ${engine}`, { skip }, async () => {
    const first = await startShop(engine)
    const second = await startShop(engine, {}, { databaseUrl: first.databaseUrl })
    const { productId, db, close } = await pickProduct(first.databaseUrl)
    after(async () => {
      await close()
      await second.stop()
      await first.stop()
    })
    const headers = { 'site-code': 'us', 'accept-language': 'en', currency: 'USD' }
    const read = async (url: string) => {
      const answer = await fetch(`${url}/api/catalogue/products/${productId}?expand=prices,slugs`, {
        headers,
      })
      assert.equal(answer.status, 200)
      const product = (await answer.json()) as {
        inStock: boolean
        prices: Array<{ effectiveAmount: number }>
      }
      return { inStock: product.inStock, price: product.prices[0]?.effectiveAmount }
    }
    const listed = async (url: string) => {
      const answer = await fetch(
        `${url}/api/catalogue/products?pageSize=15&expand=prices&q=${encodeURIComponent(`id:(${productId})`)}`,
        { headers },
      )
      const [product] = (await answer.json()) as Array<{ prices: Array<{ effectiveAmount: number }> }>
      return product?.prices[0]?.effectiveAmount
    }

    /** A writer outside both processes: one dollar more, with the invalidate call in its transaction. */
    const raisePriceByOneDollar = () =>
      db.transaction().execute(async (trx) => {
        await trx
          .updateTable('prices')
          .set((eb) => ({ effective_minor: eb('effective_minor', '+', 100) }))
          .where('product_id', '=', productId)
          .where('currency', '=', 'USD')
          .execute()
        await invalidate(trx, 'catalogue')
      })

    test('an order placed through one process shows as out of stock through the other at once', async () => {
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('products').set({ stock: 1 }).where('id', '=', productId).execute()
        await invalidate(trx, 'catalogue')
      })
      for (let i = 0; i < 3; i++) {
        assert.equal((await read(first.url)).inStock, true)
        assert.equal((await read(second.url)).inStock, true)
      }
      await shopper(first.url, productId).then((s) => s.placeOne())
      assert.equal((await read(second.url)).inStock, false)
      assert.equal((await read(first.url)).inStock, false)
    })

    test('a price changed with the invalidate call is served by both processes on the next read', async () => {
      const before = await read(second.url)
      const beforeListed = await listed(second.url)
      await read(first.url)
      assert.equal(beforeListed, before.price)
      await raisePriceByOneDollar()
      const expected = Math.round(((before.price ?? 0) + 1) * 100) / 100
      assert.equal((await read(second.url)).price, expected)
      assert.equal(await listed(second.url), expected)
      assert.equal((await read(first.url)).price, expected)
      assert.equal(await listed(first.url), expected)
    })

    test('a product page kept by both processes shows the changed price through both on the next visit', async () => {
      // A returning shopper (session cookies from a first visit) with no cart gets kept pages (ADR 0040).
      const visit = await fetch(`${first.url}/p/x~${productId}`)
      const cookie = visit.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ')
      const path = new URL(visit.url).pathname
      const page = async (url: string) => {
        const answer = await fetch(`${url}${path}`, { headers: { cookie } })
        assert.equal(answer.status, 200)
        const price = /"offers":\{"@type":"Offer","price":([\d.]+)/.exec(await answer.text())?.[1]
        return { kept: answer.headers.get('x-page-cache'), price: Number(price) }
      }
      const before = (await read(first.url)).price
      for (const url of [first.url, second.url]) {
        assert.equal((await page(url)).price, before)
        assert.deepEqual(await page(url), { kept: 'hit', price: before })
      }
      await raisePriceByOneDollar()
      const expected = Math.round(((before ?? 0) + 1) * 100) / 100
      assert.deepEqual(await page(second.url), { kept: 'miss', price: expected })
      assert.deepEqual(await page(first.url), { kept: 'miss', price: expected })
    })
  })
}
