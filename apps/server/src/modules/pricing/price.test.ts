import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { insertPrice, insertProduct } from '../../platform/testing/fixtures.ts'
import { createTestApp } from '../../platform/testing/test-app.ts'
import { testEngines } from '../../platform/testing/test-db.ts'

for (const { engine, skip } of testEngines()) {
  describe(`price API on ${engine}`, { skip }, async () => {
    const { app, database } = await createTestApp(engine)
    const db = database.db
    await insertProduct(db, {
      id: 'mug',
      prices: { USD: { effective: 1299, original: 1599 }, EUR: { effective: 1100 } },
    })
    await insertProduct(db, {
      id: 'tee',
      prices: {},
      variants: [{ id: 'tee-s', options: { size: 'S' }, prices: { USD: 1500 } }],
    })
    await insertProduct(db, { id: 'hidden' })
    await db.updateTable('products').set({ published: 0 }).where('id', '=', 'hidden').execute()
    await insertPrice(db, {
      productId: 'mug',
      effective: 999,
      unitCode: 'piece',
      unitQuantity: 1,
      validFrom: '2030-01-01T00:00:00.000Z',
      validUntil: '2030-02-01T00:00:00.000Z',
    })

    test('answers product and variant prices in the currency', async () => {
      const res = await app.inject({ url: '/api/price/prices?currency=USD&productId=mug,tee,hidden,unknown' })
      assert.equal(res.statusCode, 200)
      const prices = res.json()
      assert.deepEqual(
        prices.map((p: { productId: string; variantId: string | null; effectiveAmount: number }) => [
          p.productId,
          p.variantId,
          p.effectiveAmount,
        ]),
        [
          ['mug', null, 12.99],
          ['tee', 'tee-s', 15],
        ],
      )
      assert.equal(prices[0].originalAmount, 15.99)
      assert.equal(prices[1].itemYrn, 'urn:yaas:hybris:product:product-variant:shop;tee;tee-s')
    })

    test('applies validity windows at the effective date', async () => {
      const res = await app.inject({
        url: '/api/price/prices?currency=USD&productId=mug&effectiveDate=2030-01-15T00:00:00Z',
      })
      const amounts = res.json().map((p: { effectiveAmount: number }) => p.effectiveAmount)
      assert.deepEqual(amounts.sort(), [12.99, 9.99].sort())
      const unit = res.json().find((p: { effectiveAmount: number }) => p.effectiveAmount === 9.99)
      assert.deepEqual(unit.measurementUnit, { unitCode: 'piece', quantity: 1 })
    })

    test('rejects more than 50 ids, bad currencies, bad ids and bad dates with 400', async () => {
      const ids = Array.from({ length: 51 }, (_, i) => `p${i}`).join(',')
      for (const query of [
        `currency=USD&productId=${ids}`,
        'currency=usd&productId=mug',
        'productId=mug',
        'currency=USD',
        'currency=USD&productId=a%20b',
        'currency=USD&productId=mug&effectiveDate=tomorrow',
      ]) {
        const res = await app.inject({ url: `/api/price/prices?${query}` })
        assert.equal(res.statusCode, 400, query)
        const body = res.json()
        assert.equal(body.type, 'validation_failed')
        assert.ok(body.details.length > 0, query)
      }
    })
  })
}
