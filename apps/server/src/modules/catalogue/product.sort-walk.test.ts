import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { insertCategory, insertProduct, insertProductText } from '../../platform/testing/fixtures.ts'
import { createTestDatabase, testEngines } from '../../platform/testing/test-db.ts'
import { findProductPage } from './product-list.repository.ts'
import type { ProductSort } from './product-query.ts'

/**
 * A large category is listed by walking a sort index with a membership probe, a small one by gathering and
 * sorting it: both strategies must give the same pages. The size threshold is a parameter, so the walk
 * (threshold 1) and the gather (threshold beyond any category) are compared on a small catalogue.
 */
for (const { engine, skip } of testEngines()) {
  describe(`category listing strategies on ${engine}`, { skip }, async () => {
    const { db } = await createTestDatabase(engine)
    const wide = await insertCategory(db, { id: 'c-wide', name: 'Wide' })
    const narrow = await insertCategory(db, { id: 'c-narrow', name: 'Narrow' })
    const names = ['pear', 'Apple', 'fig', 'Banana', 'cherry', 'date', 'Elder', 'grape', 'kiwi', 'lime']
    for (const [i, name] of names.entries()) {
      await insertProduct(db, {
        id: `p${i}`,
        name,
        categoryIds: i % 3 === 0 ? [wide, narrow] : [wide],
      })
      // Two products per creation time, so the id tie-break matters.
      await db
        .updateTable('products')
        .set({ created_at: `2026-02-${String(10 + Math.floor(i / 2)).padStart(2, '0')}T00:00:00.000Z` })
        .where('id', '=', `p${i}`)
        .execute()
    }
    // German names for all but p2, p5 and p8 (listed under their English names in German); p7's German name
    // equals p6's, so the id tie-break matters in German too.
    const german = ['Birne', 'apfel', '', 'Banane', 'Kirsche', '', 'Dattel', 'Dattel', '', 'Kiwi']
    for (const [i, name] of german.entries()) if (name) await insertProductText(db, `p${i}`, 'de', name)
    await insertProduct(db, { id: 'outside', name: 'Aaa outside' })
    await db.updateTable('products').set({ published: 0 }).where('id', '=', 'p4').execute()

    const sorts: ProductSort[] = [
      { by: 'name', language: 'en', desc: false },
      { by: 'name', language: 'en', desc: true },
      { by: 'createdAt', desc: true },
      { by: 'name', language: 'de', desc: false },
      { by: 'name', language: 'de', desc: true },
      { by: 'name', language: 'fr', desc: false },
    ]
    const page = async (
      categoryIdSets: string[][],
      sort: ProductSort,
      offset: number,
      limit: number,
      walk: boolean,
    ) =>
      (
        await findProductPage(
          db,
          { idLists: [], names: [], categoryIdSets },
          sort,
          { offset, limit },
          walk ? 1 : 1e9,
        )
      ).map((p) => p.id)

    test('walking and gathering give the same pages', async () => {
      for (const sort of sorts) {
        for (const sets of [[[wide]], [[narrow]], [[wide], [narrow]], [[wide, narrow]]]) {
          const all = await page(sets, sort, 0, 50, false)
          assert.deepEqual(await page(sets, sort, 0, 50, true), all, `${JSON.stringify(sort)} ${sets}`)
          for (const [offset, limit] of [
            [0, 2],
            [2, 3],
            [7, 5],
            [20, 5],
          ] as const) {
            const expected = all.slice(offset, offset + limit)
            assert.deepEqual(await page(sets, sort, offset, limit, true), expected)
            assert.deepEqual(await page(sets, sort, offset, limit, false), expected)
          }
        }
      }
    })

    test('pages are in the sort order, published products of the category only', async () => {
      const byName = await page([[wide]], sorts[0] as ProductSort, 0, 50, true)
      assert.deepEqual(byName, ['p1', 'p3', 'p5', 'p6', 'p2', 'p7', 'p8', 'p9', 'p0'])
      const newest = await page([[wide]], sorts[2] as ProductSort, 0, 50, true)
      // Equal creation times in pairs: ties by id descending (docs/decisions/0087).
      assert.deepEqual(newest, ['p9', 'p8', 'p7', 'p6', 'p5', 'p3', 'p2', 'p1', 'p0'])
      assert.deepEqual(await page([[narrow]], sorts[0] as ProductSort, 0, 50, true), ['p3', 'p6', 'p9', 'p0'])
    })

    test('German sorts by the German name, else the English one; ties by product id in the direction', async () => {
      // Keys: p1 apfel, p3 banane, p0 birne, p5 date (English), p6 dattel, p7 dattel, p2 fig (English),
      // p8 kiwi (English), p9 kiwi; p4 is unpublished.
      const de = sorts[3] as ProductSort
      const expected = ['p1', 'p3', 'p0', 'p5', 'p6', 'p7', 'p2', 'p8', 'p9']
      assert.deepEqual(await page([[wide]], de, 0, 50, true), expected)
      assert.deepEqual(await page([[wide]], de, 0, 50, false), expected)
      assert.deepEqual(await page([[wide]], sorts[4] as ProductSort, 0, 50, true), [...expected].reverse())
      assert.deepEqual(await page([[wide]], de, 4, 3, true), expected.slice(4, 7))
      assert.deepEqual(await page([[narrow]], de, 0, 50, true), ['p3', 'p0', 'p6', 'p9'])
      // Without a category filter the unassigned product is listed too.
      const all = await page([], de, 0, 50, true)
      assert.deepEqual(all, ['outside', ...expected])
      assert.deepEqual(await page([], sorts[4] as ProductSort, 0, 2, true), ['p9', 'p8'])
      assert.deepEqual(await page([], de, 5, 3, true), all.slice(5, 8))
    })

    test('a language without any product text lists in the English order', async () => {
      const english = await page([], sorts[0] as ProductSort, 0, 50, true)
      assert.deepEqual(await page([], sorts[5] as ProductSort, 0, 50, true), english)
    })
  })
}
