import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import type { Product } from '@shop/contracts/catalogue'
import {
  insertCategory,
  insertProduct,
  insertProductText,
  insertSite,
} from '../../platform/testing/fixtures.ts'
import { createTestApp } from '../../platform/testing/test-app.ts'
import { testEngines } from '../../platform/testing/test-db.ts'

/**
 * Keyset paging (`after=<last product id>`): reading on from the last product of a page gives exactly the
 * pages `pageNumber` gives, in every sort, with and without a category (walked or gathered), with ties in the
 * sort key; where the list cannot be walked by key, or the product is gone, `pageNumber` decides.
 */
for (const { engine, skip } of testEngines()) {
  describe(`keyset paging of the product list on ${engine}`, { skip }, async () => {
    const { app, database } = await createTestApp(engine)
    const db = database.db
    await insertSite(db, { code: 'default', languages: ['en', 'de'] })
    const wide = await insertCategory(db, { id: 'c-wide', name: 'Wide' })
    const narrow = await insertCategory(db, { id: 'c-narrow', name: 'Narrow' })
    // Equal names (p3/p4, p9/p10) and equal creation times (pairs) make the id tie-break count.
    const names = ['pear', 'Apple', 'fig', 'Kiwi', 'kiwi', 'cherry', 'date', 'Elder', 'grape', 'lime', 'lime']
    for (const [i, name] of names.entries()) {
      await insertProduct(db, { id: `p${i}`, name, categoryIds: i % 3 === 0 ? [wide, narrow] : [wide] })
      await db
        .updateTable('products')
        .set({ created_at: `2026-02-${String(10 + Math.floor(i / 2)).padStart(2, '0')}T00:00:00.000Z` })
        .where('id', '=', `p${i}`)
        .execute()
    }
    for (const [i, name] of ['Birne', '', 'Feige', 'Kiwi', '', 'Kirsche'].entries())
      if (name) await insertProductText(db, `p${i}`, 'de', name)
    await db.updateTable('products').set({ published: 0 }).where('id', '=', 'p7').execute()

    const ids = async (query: string) => {
      const res = await app.inject({
        url: `/api/catalogue/products?${query}`,
        headers: { 'accept-language': 'en' },
      })
      assert.equal(res.statusCode, 200, res.body)
      return (res.json() as Product[]).map((p) => p.id)
    }

    const sorts = ['name.en', 'name.en:desc', 'name.de', 'name.de:desc', 'metadata.createdAt:desc']
    const filters = ['published:true', 'category:c-wide', 'category:c-narrow']

    test('reading on after the last product gives the pages of pageNumber', async () => {
      // Pages of 3 end inside a pair of equal creation times as well as at its end.
      for (const [sort, q, size] of sorts.flatMap((s) =>
        filters.flatMap((f) => [4, 3].map((n) => [s, f, n] as const)),
      )) {
        const base = `q=${encodeURIComponent(q)}&sort=${sort}&pageSize=${size}`
        const everything = await ids(`q=${encodeURIComponent(q)}&sort=${sort}&pageSize=50`)
        assert.ok(everything.length > 3, `${q} lists several products`)
        let after: string | undefined
        for (let pageNumber = 1; pageNumber <= Math.ceil(everything.length / size) + 1; pageNumber++) {
          const byNumber = await ids(`${base}&pageNumber=${pageNumber}`)
          assert.deepEqual(byNumber, everything.slice((pageNumber - 1) * size, pageNumber * size))
          if (after)
            assert.deepEqual(await ids(`${base}&pageNumber=${pageNumber}&after=${after}`), byNumber, base)
          after = byNumber.at(-1) ?? after
        }
      }
    })

    test('the cursor decides over the page number where the list is walked by key', async () => {
      const all = await ids('sort=name.en&pageSize=50')
      const third = all[2] as string
      assert.deepEqual(await ids(`sort=name.en&pageSize=3&pageNumber=1&after=${third}`), all.slice(3, 6))
    })

    test('an unlisted or unknown product, or a name filter, leaves the paging to pageNumber', async () => {
      const second = await ids('sort=name.en&pageSize=3&pageNumber=2')
      assert.deepEqual(await ids('sort=name.en&pageSize=3&pageNumber=2&after=p7'), second)
      assert.deepEqual(await ids('sort=name.en&pageSize=3&pageNumber=2&after=nobody'), second)
      const named = await ids(`q=${encodeURIComponent('name:i')}&sort=name.en&pageSize=2&pageNumber=2`)
      assert.deepEqual(
        await ids(`q=${encodeURIComponent('name:i')}&sort=name.en&pageSize=2&pageNumber=2&after=p1`),
        named,
      )
    })

    test('a cursor that is not a product id is refused with its field named', async () => {
      const res = await app.inject({ url: '/api/catalogue/products?after=%3Cscript%3E' })
      assert.equal(res.statusCode, 400)
      assert.match(res.body, /after/)
    })
  })
}
