import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import type { KyselyPlugin } from 'kysely'
import type { AppContext } from '../../platform/http/context.ts'
import { insertCategory, insertProduct } from '../../platform/testing/fixtures.ts'
import { createTestApp } from '../../platform/testing/test-app.ts'
import { testEngines } from '../../platform/testing/test-db.ts'
import { listProducts } from './product.service.ts'

/** Counts the statements a service call sends, to show a page costs a fixed number of queries. */
function countingPlugin() {
  const counter = { queries: 0 }
  const plugin: KyselyPlugin = {
    transformQuery: (args) => {
      counter.queries++
      return args.node
    },
    transformResult: async (args) => args.result,
  }
  return { counter, plugin }
}

for (const { engine, skip } of testEngines()) {
  describe(`product page queries on ${engine}`, { skip }, async () => {
    const { app, database } = await createTestApp(engine)
    const category = await insertCategory(database.db)
    for (let i = 0; i < 12; i++) {
      await insertProduct(database.db, {
        categoryIds: [category],
        variants: [{ options: { size: 'S' }, prices: { USD: 100 + i } }, { options: { size: 'M' } }],
      })
    }

    test('a page costs the same number of queries whatever its size', async () => {
      const { counter, plugin } = countingPlugin()
      const ctx: AppContext = {
        db: database.db.withPlugin(plugin),
        engine,
        config: {} as never,
        log: app.log,
      }
      const locale = { siteCode: 'default', language: 'en', currency: 'USD' }
      const request = { pageNumber: 1, q: `category:${category}`, expand: 'prices,variants' }
      const small = await listProducts(ctx, locale, { ...request, pageSize: 2 })
      const smallQueries = counter.queries
      counter.queries = 0
      const large = await listProducts(ctx, locale, { ...request, pageSize: 12 })
      assert.equal(small.products.length, 2)
      assert.equal(large.products.length, 12)
      assert.equal(counter.queries, smallQueries)
      assert.ok(smallQueries <= 9, `${smallQueries} queries`)
    })

    test('small totals are counted afresh (never served stale from the totals cache)', async () => {
      const ctx: AppContext = { db: database.db, engine, config: {} as never, log: app.log }
      const locale = { siteCode: 'default', language: 'en', currency: 'USD' }
      const request = { pageNumber: 1, pageSize: 2, q: `category:${category}` }
      const before = await listProducts(ctx, locale, request)
      await insertProduct(database.db, { categoryIds: [category] })
      const after = await listProducts(ctx, locale, request)
      assert.equal(after.total, before.total + 1)
    })
  })
}
