import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { STAFF_PRODUCT_SORTS } from '@shop/contracts/backoffice'
import { insertSite } from '../../platform/testing/fixtures.ts'
import { createTestApp } from '../../platform/testing/test-app.ts'
import { testEngines } from '../../platform/testing/test-db.ts'
import { FAST_HASH_ENV } from '../auth/auth.testing.ts'
import { productInput, staffMember } from './backoffice.testing.ts'

type Row = { id: string; sku: string; name: string }

/**
 * The back-office search (docs/decisions/0035-staff-search.md) reads the matches of q on a path of its own: for
 * every sort and order, its pages are the full list's pages (the path without q) with the non-matching products
 * left out, and its total is their number.
 */
for (const { engine, skip } of testEngines()) {
  describe(`back-office product search on ${engine}`, { skip }, async () => {
    const { app, database } = await createTestApp(engine, FAST_HASH_ENV)
    await insertSite(database.db, { code: 'us', currency: 'USD', languages: ['en'] })
    await insertSite(database.db, { code: 'eu', currency: 'EUR', languages: ['de', 'en'] })
    const staff = await staffMember(app, database.db, 'catalogue')
    const list = async (qs: string) => {
      const res = await app.inject({ url: `/api/owner/products?${qs}`, headers: staff.headers })
      assert.equal(res.statusCode, 200, res.body)
      return res.json() as { items: Row[]; total: number }
    }
    const names = [
      'Oak stool',
      'Oak board',
      'Pine oak shelf',
      'Maple oak box',
      'Cedar chest',
      'Teak bowl',
      'Birch spoon',
    ]
    for (const [i, name] of names.entries()) {
      const usd = i % 3 === 2 ? [] : [{ currency: 'USD', effectiveMinor: 500 * (i % 2), originalMinor: 900 }]
      const made = await app.inject({
        method: 'POST',
        url: '/api/owner/products',
        headers: staff.headers,
        payload: productInput({
          sku: i === 4 ? 'OAKLEY-4' : `WS-${i}`,
          texts: [
            { language: 'en', name, description: '' },
            { language: 'de', name: i === 5 ? 'Eichenschale mit oak' : `${name} DE`, description: '' },
          ],
          prices: usd,
          stock: (i * 7) % 4,
          published: usd.length > 0,
        }),
      })
      assert.equal(made.statusCode, 201, made.body)
    }
    /** Every product's names in en and de, from the full list (the path without q). */
    const allNames = async () => {
      const namesOf = new Map<string, string[]>()
      for (const language of ['en', 'de']) {
        for (const row of (await list(`pageSize=100&language=${language}`)).items)
          namesOf.set(row.id, [...(namesOf.get(row.id) ?? []), row.name])
      }
      return namesOf
    }
    const matching = (row: Row, q: string, all: Map<string, string[]>) =>
      row.sku.toLowerCase().startsWith(q) || (all.get(row.id) ?? []).some((n) => n.toLowerCase().includes(q))

    test('every sort and order: the search pages are the full list filtered, with the right total', async () => {
      const namesOf = await allNames()
      for (const sort of STAFF_PRODUCT_SORTS) {
        for (const order of ['asc', 'desc']) {
          const qs = `sort=${sort}&order=${order}&currency=USD`
          const expected = (await list(`${qs}&pageSize=100`)).items.filter((r) => matching(r, 'oak', namesOf))
          assert.equal(expected.length, 6, `${sort} ${order}: names, the German name and the SKU prefix`)
          const pages = await Promise.all([1, 2].map((page) => list(`${qs}&q=OAK&pageSize=3&page=${page}`)))
          assert.deepEqual(
            pages.flatMap((p) => p.items.map((r) => r.sku)),
            expected.map((r) => r.sku),
            `${sort} ${order}`,
          )
          assert.deepEqual(
            pages.map((p) => p.total),
            [6, 6],
          )
        }
      }
    })

    test('past the last page: no rows, the total still right; wildcards are taken literally', async () => {
      const past = await list('q=oak&pageSize=3&page=7')
      assert.deepEqual(past, { items: [], total: 6, page: 7 })
      assert.equal((await list('q=%25')).total, 0)
      assert.equal((await list('q=o_k')).total, 0)
    })

    test('one and two letters (no trigram) find what three do, and quotes are text', async () => {
      const namesOf = await allNames()
      for (const q of ['k', 'ok', 'OAK', 'ws-', 'board']) {
        const all = (await list('pageSize=100&sort=sku&order=asc')).items
        const expected = all.filter((r) => matching(r, q.toLowerCase(), namesOf)).map((r) => r.sku)
        const found = (await list(`q=${encodeURIComponent(q)}&pageSize=100&sort=sku&order=asc`)).items
        assert.deepEqual(
          found.map((r) => r.sku),
          expected,
          q,
        )
      }
      for (const q of ['"oak', 'oak"', '"', 'oak OR teak', 'NEAR(oak', '*'])
        assert.equal((await list(`q=${encodeURIComponent(q)}`)).total, 0, q)
    })

    test('a renamed product is found by its new name only; a deleted one not at all', async () => {
      const tray = (en: string, de: string) =>
        productInput({
          sku: 'REN-1',
          texts: [
            { language: 'en', name: en, description: '' },
            { language: 'de', name: de, description: '' },
          ],
        })
      const made = await app.inject({
        method: 'POST',
        url: '/api/owner/products',
        headers: staff.headers,
        payload: tray('Walnut tray', 'Nussbaumtablett'),
      })
      assert.equal(made.statusCode, 201, made.body)
      const { id } = made.json() as { id: string }
      assert.deepEqual(
        (await list('q=walnut')).items.map((r) => r.sku),
        ['REN-1'],
      )
      const renamed = await app.inject({
        method: 'PUT',
        url: `/api/owner/products/${id}`,
        headers: staff.headers,
        payload: tray('Hazel tray', 'Haseltablett'),
      })
      assert.equal(renamed.statusCode, 200, renamed.body)
      assert.equal((await list('q=walnut')).total, 0)
      assert.deepEqual(
        (await list('q=hazel')).items.map((r) => r.sku),
        ['REN-1'],
      )
      const deleted = await app.inject({
        method: 'DELETE',
        url: `/api/owner/products/${id}`,
        headers: staff.headers,
      })
      assert.ok(deleted.statusCode < 300, deleted.body)
      assert.equal((await list('q=hazel')).total, 0)
      assert.equal((await list('q=ren-')).total, 0)
      assert.equal((await list('q=tablett')).total, 0)
    })
  })
}
