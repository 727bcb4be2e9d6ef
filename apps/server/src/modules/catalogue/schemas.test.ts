import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { TOTAL_COUNT_HEADER } from '@shop/contracts/common'
import { insertCategory, insertProduct, insertSite } from '../../platform/testing/fixtures.ts'
import { createTestApp } from '../../platform/testing/test-app.ts'
import { testEngines } from '../../platform/testing/test-db.ts'

for (const { engine, skip } of testEngines()) {
  describe(`mixin schemas and list totals on ${engine}`, { skip }, async () => {
    const { app, database } = await createTestApp(engine)
    const db = database.db
    await insertSite(db, { code: 'default', languages: ['en', 'de'] })
    const category = await insertCategory(db, { id: 'c-one' })
    await insertProduct(db, { id: 'spec', categoryIds: [category], variants: [{ options: { size: 'S' } }] })
    await db
      .updateTable('products')
      .set({ mixins: JSON.stringify({ specification: { material: { en: 'Cotton', de: 'Baumwolle' } } }) })
      .where('id', '=', 'spec')
      .execute()
    await insertProduct(db, { id: 'plain' })

    test('a product references the schema of its specification mixin', async () => {
      const product = (await app.inject({ url: '/api/catalogue/products/spec' })).json()
      assert.deepEqual(product.metadata.mixins, { specification: '/api/catalogue/schemas/specification' })
      const plain = (await app.inject({ url: '/api/catalogue/products/plain' })).json()
      assert.equal(plain.metadata.mixins, undefined)
      const schema = await app.inject({ url: product.metadata.mixins.specification })
      assert.equal(schema.statusCode, 200)
      assert.ok(schema.json().properties.material)
    })

    test('the metadata labels the attributes in the request language', async () => {
      const en = (await app.inject({ url: '/api/catalogue/schemas/specification/metadata' })).json()
      assert.equal(en.properties.weight.title, 'Weight')
      const de = (
        await app.inject({
          url: '/api/catalogue/schemas/specification/metadata',
          headers: { 'accept-language': 'de' },
        })
      ).json()
      assert.equal(de.properties.weight.title, 'Gewicht')
      assert.equal((await app.inject({ url: '/api/catalogue/schemas/nope' })).statusCode, 404)
      assert.equal((await app.inject({ url: '/api/catalogue/schemas/nope/metadata' })).statusCode, 404)
      assert.equal((await app.inject({ url: '/api/catalogue/schemas/a%20b' })).statusCode, 400)
    })

    test('every list carries the total header', async () => {
      for (const [url, total] of [
        ['/api/catalogue/products?pageSize=1', '2'],
        ['/api/catalogue/products/spec/variants', '1'],
        ['/api/catalogue/categories', '1'],
        [`/api/catalogue/categories/${category}/assignments`, '1'],
        ['/api/site/sites', '1'],
      ] as const) {
        const res = await app.inject({ url })
        assert.equal(res.statusCode, 200, url)
        assert.equal(res.headers[TOTAL_COUNT_HEADER], total, url)
      }
    })
  })
}
