import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import type { Category } from '@shop/contracts/catalogue'
import {
  insertCategory,
  insertCategoryText,
  insertProduct,
  insertSite,
} from '../../platform/testing/fixtures.ts'
import { createTestApp } from '../../platform/testing/test-app.ts'
import { testEngines } from '../../platform/testing/test-db.ts'

for (const { engine, skip } of testEngines()) {
  describe(`category API on ${engine}`, { skip }, async () => {
    const { app, database } = await createTestApp(engine)
    const db = database.db
    await insertSite(db, { code: 'default', languages: ['en', 'de'] })
    const bags = await insertCategory(db, { id: 'bags', name: 'Bags & Backpacks' })
    await insertCategoryText(db, bags, 'de', 'Taschen & Rucksäcke')
    const totes = await insertCategory(db, { id: 'totes', name: 'Totes', parentId: bags })
    const mini = await insertCategory(db, { id: 'mini', name: 'Mini totes', parentId: totes })
    await insertCategory(db, { id: 'shoes', name: 'Shoes' })
    await insertCategory(db, { id: 'nameless', name: ' ' })
    await db.updateTable('categories').set({ position: 1 }).where('id', '=', 'bags').execute()
    await insertProduct(db, { id: 'p1', categoryIds: [bags] })
    await insertProduct(db, { id: 'p2', categoryIds: [totes, bags] })
    await insertProduct(db, { id: 'p3', categoryIds: [mini] })
    await insertProduct(db, { id: 'p4', categoryIds: [mini] })
    await db.updateTable('products').set({ published: 0 }).where('id', '=', 'p4').execute()

    const get = async (url: string, headers: Record<string, string> = {}) => {
      const res = await app.inject({ url, headers })
      return { status: res.statusCode, body: res.json() }
    }

    test('answers the top-level tree with subcategories, localized, nameless dropped', async () => {
      const { status, body } = await get('/api/catalogue/categories?expand=subcategories&toplevel=true', {
        'accept-language': 'de',
      })
      assert.equal(status, 200)
      const tree = body as Category[]
      assert.deepEqual(
        tree.map((c) => [c.id, c.name, c.slug]),
        [
          ['shoes', 'Shoes', 'shoes'],
          ['bags', 'Taschen & Rucksäcke', 'taschen-rucksaecke'],
        ],
      )
      assert.equal(tree[1]?.subcategories?.[0]?.subcategories?.[0]?.id, 'mini')
      assert.deepEqual(
        tree[1]?.subcategories?.[0]?.subcategories?.[0]?.path.map((p) => p.id),
        ['bags', 'totes', 'mini'],
      )
    })

    test('answers a flat list without expand', async () => {
      const { body } = await get('/api/catalogue/categories')
      assert.deepEqual(
        (body as Category[]).map((c) => c.id),
        ['shoes', 'bags', 'totes', 'mini'],
      )
      assert.equal(body[0].subcategories, undefined)
    })

    test('answers one category with its ancestors path', async () => {
      const { status, body } = await get('/api/catalogue/categories/mini')
      assert.equal(status, 200)
      assert.deepEqual(body.path, [
        { id: 'bags', name: 'Bags & Backpacks', slug: 'bags-backpacks' },
        { id: 'totes', name: 'Totes', slug: 'totes' },
        { id: 'mini', name: 'Mini totes', slug: 'mini-totes' },
      ])
      assert.equal(body.parentId, 'totes')
    })

    test('answers assignments, recursively on request', async () => {
      const direct = await get('/api/catalogue/categories/bags/assignments')
      assert.deepEqual(
        direct.body.map((a: { ref: { id: string } }) => a.ref.id),
        ['p1', 'p2'],
      )
      const recursive = await get('/api/catalogue/categories/bags/assignments?recursive=true')
      assert.deepEqual(
        recursive.body.map((a: { ref: { type: string; id: string } }) => a.ref.id),
        ['p1', 'p2', 'p3'],
      )
      assert.equal(recursive.body[0].ref.type, 'product')
      assert.deepEqual((await get('/api/catalogue/categories/shoes/assignments')).body, [])
    })

    test('answers 404 for unknown or nameless categories and 400 for bad input', async () => {
      for (const url of [
        '/api/catalogue/categories/nope',
        '/api/catalogue/categories/nameless',
        '/api/catalogue/categories/nope/assignments',
      ]) {
        const { status, body } = await get(url)
        assert.equal(status, 404, url)
        assert.equal(body.type, 'not_found')
      }
      for (const url of [
        '/api/catalogue/categories?expand=products',
        '/api/catalogue/categories?toplevel=yes',
        '/api/catalogue/categories/bags/assignments?recursive=1',
        '/api/catalogue/categories/a%20b',
      ]) {
        const { status, body } = await get(url)
        assert.equal(status, 400, url)
        assert.equal(body.type, 'validation_failed')
        assert.ok(body.details.length > 0)
      }
    })
  })
}
