import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { insertSite } from '../../platform/testing/fixtures.ts'
import { createTestApp } from '../../platform/testing/test-app.ts'
import { testEngines } from '../../platform/testing/test-db.ts'
import { FAST_HASH_ENV } from '../auth/auth.testing.ts'
import { productInput, staffMember } from './backoffice.testing.ts'

/**
 * The category tree's product counts are kept between reads (catalogue/category-counts.ts): each write that
 * changes them shows in the very next read of the tree.
 */
for (const { engine, skip } of testEngines()) {
  describe(`back-office category counts on ${engine}`, { skip }, async () => {
    const { app, database } = await createTestApp(engine, FAST_HASH_ENV)
    await insertSite(database.db, { code: 'us', currency: 'USD', languages: ['en'] })
    await insertSite(database.db, { code: 'eu', currency: 'EUR', languages: ['en'] })
    const staff = await staffMember(app, database.db, 'catalogue')
    const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => {
      const res = await app.inject({ method, url, headers: staff.headers, ...(payload ? { payload } : {}) })
      assert.ok(res.statusCode < 300, `${method} ${url}: ${res.statusCode} ${res.body}`)
      return res
    }
    const countOf = async (id: string) => {
      const tree = (await call('GET', '/api/owner/categories')).json().categories as Array<{
        id: string
        productCount: number
      }>
      return tree.find((c) => c.id === id)?.productCount
    }
    const product = async (sku: string) =>
      (
        await call(
          'POST',
          '/api/owner/products',
          productInput({ sku, texts: [{ language: 'en', name: `Counted ${sku}`, description: '' }] }),
        )
      ).json().id as string

    test('assigning, unassigning and deleting a product change the count at the next read', async () => {
      const category = (
        await call('POST', '/api/owner/categories', {
          parentId: null,
          texts: [{ language: 'en', name: 'Counted' }],
        })
      ).json().id as string
      assert.equal(await countOf(category), 0)
      const [a, b] = [await product('CNT-A'), await product('CNT-B')]
      await call('PUT', `/api/owner/categories/${category}/products/${a}`, {})
      assert.equal(await countOf(category), 1)
      await call('PUT', `/api/owner/categories/${category}/products/${b}`, {})
      assert.equal(await countOf(category), 2)
      assert.equal(await countOf(category), 2, 'read again, unchanged')
      await call('DELETE', `/api/owner/products/${a}`)
      assert.equal(await countOf(category), 1)
      await call('DELETE', `/api/owner/categories/${category}/products/${b}`)
      assert.equal(await countOf(category), 0)
    })
  })
}
