import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import {
  insertItemFee,
  insertPrice,
  insertProduct,
  insertProductText,
  insertSite,
} from '../../platform/testing/fixtures.ts'
import { countingStatements } from '../../platform/testing/statements.ts'
import { createTestDatabase, testEngines } from '../../platform/testing/test-db.ts'
import { findPricingRows } from './pricing.repository.ts'

/** Pricing's batch read (every cart read and checkout makes it): the five tables read together. */
for (const { engine, skip } of testEngines()) {
  describe(`pricing's batch read on ${engine}`, { skip }, async () => {
    const { db } = await createTestDatabase(engine)
    const at = '2026-06-01T00:00:00.000Z'

    test('read together: the products, names, variants, valid prices cheapest first and the site’s fees', async () => {
      const siteCode = await insertSite(db)
      const otherSite = await insertSite(db)
      const mug = await insertProduct(db, { name: 'Mug', stock: 7, prices: { USD: { effective: 900 } } })
      await insertProductText(db, mug, 'de', 'Tasse')
      const shirt = await insertProduct(db, {
        name: 'Shirt',
        stock: 3,
        variants: [
          { id: 'v-small', options: { size: 'S' }, stock: 2, prices: { USD: 1500 } },
          { id: 'v-large', options: { size: 'L' }, stock: 0 },
        ],
      })
      const sale = await insertPrice(db, { productId: mug, effective: 700, original: 900 })
      await insertPrice(db, { productId: mug, effective: 500, validUntil: '2026-01-01T00:00:00.000Z' })
      await insertPrice(db, { productId: mug, effective: 400, validFrom: '2026-12-01T00:00:00.000Z' })
      await insertPrice(db, { productId: mug, effective: 300, currency: 'EUR' })
      const fee = await insertItemFee(db, { productId: mug, siteCode, amountMinor: 50 })
      await insertItemFee(db, { productId: mug, siteCode: otherSite, amountMinor: 80 })
      await insertProduct(db, { name: 'Not asked for', prices: { USD: { effective: 100 } } })

      const view = countingStatements(db)
      const rows = await findPricingRows(view.db, {
        productIds: [mug, shirt],
        variantIds: ['v-small'],
        languages: ['de', 'en'],
        currency: 'USD',
        at,
        siteCode,
      })
      // PostgreSQL: one statement; SQLite: one per table (platform/db/read-together.ts)
      assert.equal(view.statements(), engine === 'postgres' ? 1 : 5)
      assert.deepEqual(
        rows.products.map((p) => [p.id, p.stock]).sort(),
        [
          [mug, 7],
          [shirt, 3],
        ].sort(),
      )
      assert.deepEqual(
        rows.names.map((n) => `${n.product_id}:${n.language}:${n.name}`).sort(),
        [`${mug}:de:Tasse`, `${mug}:en:Mug`, `${shirt}:en:Shirt`].sort(),
      )
      assert.deepEqual(
        rows.variants.map((v) => [v.id, v.product_id, v.stock]),
        [['v-small', shirt, 2]],
      )
      // The valid USD prices only (not the expired, the future or the EUR one), the cheapest first.
      const mugPrices = rows.prices.filter((p) => p.product_id === mug)
      assert.deepEqual(
        mugPrices.map((p) => [p.effective_minor, p.original_minor]),
        [
          [700, 900],
          [900, 900],
        ],
      )
      assert.equal(mugPrices[0]?.id, sale)
      assert.deepEqual(
        rows.prices.filter((p) => p.product_id === shirt).map((p) => [p.variant_id, p.effective_minor]),
        [
          [null, 1000],
          ['v-small', 1500],
        ],
      )
      assert.deepEqual(
        rows.fees.map((f) => [f.id, f.amount_minor]),
        [[fee, 50]],
      )
    })

    test('without variant lines no variant is read', async () => {
      const siteCode = await insertSite(db)
      const shirt = await insertProduct(db, { variants: [{ options: { size: 'M' }, prices: { USD: 100 } }] })
      const rows = await findPricingRows(db, {
        productIds: [shirt],
        variantIds: [],
        languages: ['en'],
        currency: 'USD',
        at,
        siteCode,
      })
      assert.deepEqual(rows.variants, [])
      assert.equal(rows.products.length, 1)
    })
  })
}
