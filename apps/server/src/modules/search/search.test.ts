import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import type { SearchResult } from '@shop/contracts/search'
import { type KyselyPlugin, sql } from 'kysely'
import type { AppContext } from '../../platform/http/context.ts'
import {
  insertCategory,
  insertProduct,
  insertProductText,
  insertSite,
} from '../../platform/testing/fixtures.ts'
import { createTestApp } from '../../platform/testing/test-app.ts'
import { testEngines } from '../../platform/testing/test-db.ts'
import { invalidateCatalogue } from '../catalogue/stock.service.ts'
import { DRIVER_POSTINGS, reindexProducts, searchProducts } from './search.service.ts'

for (const { engine, skip } of testEngines()) {
  describe(`product search on ${engine}`, { skip }, async () => {
    const { app, database } = await createTestApp(engine)
    const db = database.db
    const ctx: AppContext = { db, engine, config: {} as never, log: app.log }
    await insertSite(db, { code: 'default', languages: ['en', 'de'] })
    const clothing = await insertCategory(db, { id: 'c-clothing', name: 'Clothing' })
    const shirts = await insertCategory(db, { id: 'c-shirts', name: 'Shirts', parentId: clothing })
    const bags = await insertCategory(db, { id: 'c-bags', name: 'Bags' })
    await insertProduct(db, {
      id: 'oxford',
      name: 'Oxford Shirt',
      prices: { USD: { effective: 4900 } },
      categoryIds: [shirts],
    })
    await insertProductText(db, 'oxford', 'de', 'Oxford-Hemd', 'Ein frisches Hemd aus Baumwolle.')
    await insertProduct(db, {
      id: 'tee',
      name: 'Striped Shirts Pack',
      prices: { USD: { effective: 2500 } },
      categoryIds: [shirts],
    })
    await insertProductText(db, 'tee', 'de', 'Gestreifte Shirts', 'Zwei Shirts im Paket.')
    await insertProduct(db, {
      id: 'tote',
      name: 'Canvas Tote',
      prices: { USD: { effective: 1900 } },
      categoryIds: [bags],
    })
    await insertProductText(
      db,
      'tote',
      'de',
      'Stofftasche',
      'Eine Tasche aus Segeltuch, passt zu jedem Shirt.',
    )
    await insertProduct(db, {
      id: 'backpack',
      name: 'Hiking Backpack',
      prices: { USD: { effective: 8900 } },
      categoryIds: [bags],
    })
    await insertProductText(db, 'backpack', 'de', 'Wanderrucksack mit Taschen', 'Viele Taschen für alles.')
    await insertProduct(db, { id: 'hidden', name: 'Hidden shirt', categoryIds: [shirts] })
    await db.updateTable('products').set({ published: 0 }).where('id', '=', 'hidden').execute()
    for (let i = 0; i < 12; i++) {
      await insertProduct(db, {
        id: `mug-${i}`,
        name: `Coffee Mug ${i}`,
        prices: { USD: { effective: 1000 + i } },
      })
    }
    await reindexProducts(ctx)

    async function search(query: Record<string, string | number>): Promise<SearchResult> {
      const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))
      const res = await app.inject({ url: `/api/search/products?${qs}` })
      assert.equal(res.statusCode, 200, res.body)
      return res.json()
    }
    const ids = (r: SearchResult) => r.hits.map((h) => h.objectID)

    test('answers the hosted-index shape with ranked hits', async () => {
      const r = await search({ q: 'shirt' })
      assert.equal(r.page, 0)
      assert.equal(r.hitsPerPage, 5)
      assert.ok(r.nbHits >= 2)
      // Name matches outrank a mention only in the description; unpublished products never show.
      assert.deepEqual(ids(r).slice(0, 2).sort(), ['oxford', 'tee'])
      assert.ok(!ids(r).includes('hidden'))
      const hit = r.hits.find((h) => h.objectID === 'oxford')
      assert.equal(hit?.name, 'Oxford Shirt')
      assert.equal(hit?.price?.effectiveAmount, 49)
      assert.deepEqual(hit?.categories, [shirts])
    })

    test('matches a prefix of the last word', async () => {
      assert.deepEqual(
        ids(await search({ q: 'shir' }))
          .slice(0, 2)
          .sort(),
        ['oxford', 'tee'],
      )
      assert.deepEqual(ids(await search({ q: 'hiking back' })), ['backpack'])
    })

    test('stems English words', async () => {
      const r = await search({ q: 'shirts' })
      assert.ok(ids(r).includes('oxford'), 'shirts finds shirt')
      assert.ok(ids(await search({ q: 'packs' })).includes('tee'))
    })

    test('tolerates one wrong, missing or swapped letter', async () => {
      assert.ok(ids(await search({ q: 'shurt' })).includes('oxford'))
      assert.ok(ids(await search({ q: 'oxfrd shirt' })).includes('oxford'))
      assert.ok(ids(await search({ q: 'backpakc' })).includes('backpack'))
      assert.equal((await search({ q: 'shxyzt' })).nbHits, 0)
    })

    test('stems German words in German', async () => {
      const r = await search({ q: 'Taschen', language: 'de' })
      assert.ok(ids(r).includes('tote'), 'Taschen finds Tasche')
      assert.ok(ids(r).includes('backpack'))
      assert.deepEqual(ids(await search({ q: 'Hemden', language: 'de' })), ['oxford'])
      // In English the German words are not indexed.
      assert.equal((await search({ q: 'Hemden', language: 'en' })).nbHits, 0)
      assert.deepEqual(
        ids(await search({ q: 'hemd', language: 'fr' })),
        [],
        'an unknown language falls back to en',
      )
    })

    test('filters by category with its subcategories, and by price', async () => {
      assert.deepEqual(ids(await search({ q: 'shirt', category: clothing })).sort(), ['oxford', 'tee'])
      const inBags = await search({ q: 'shirt', language: 'de', category: bags })
      assert.deepEqual(ids(inBags), ['tote'])
      assert.deepEqual(ids(await search({ q: 'shirt', priceMax: 30 })), ['tee'])
      assert.deepEqual(ids(await search({ q: 'shirt', priceMin: 30, priceMax: 50 })), ['oxford'])
      assert.equal((await search({ q: 'shirt', category: 'nope' })).nbHits, 0)
    })

    test('pages through the hits', async () => {
      const first = await search({ q: 'mug', hitsPerPage: 5 })
      assert.equal(first.nbHits, 12)
      assert.equal(first.nbPages, 3)
      const second = await search({ q: 'mug', hitsPerPage: 5, page: 1 })
      const third = await search({ q: 'mug', hitsPerPage: 5, page: 2 })
      assert.equal(third.hits.length, 2)
      const all = [...ids(first), ...ids(second), ...ids(third)]
      assert.equal(new Set(all).size, 12)
      assert.equal((await search({ q: 'mug', page: 9 })).hits.length, 0)
    })

    test('counts matches exactly below the cap', async () => {
      const exact = await search({ q: 'mug', hitsPerPage: 5 })
      assert.equal(exact.nbHits, 12)
      assert.equal(exact.nbHitsExhaustive, undefined)
    })

    test('name matches before description matches; pages add up', async () => {
      await insertProduct(db, { id: 'kettle-a', name: 'Steel Kettle' })
      await insertProduct(db, { id: 'kettle-b', name: 'Kettle Large' })
      await insertProduct(db, { id: 'stove', name: 'Camping Stove' })
      await db
        .updateTable('product_texts')
        .set({ description: 'Heats any kettle in minutes.' })
        .where('product_id', '=', 'stove')
        .execute()
      // The description-only match is indexed first, so index order alone would put it first.
      await reindexProducts(ctx, ['stove'])
      await reindexProducts(ctx, ['kettle-a', 'kettle-b'])
      const all = ids(await search({ q: 'kettl', hitsPerPage: 10 }))
      assert.equal(all.length, 3)
      assert.deepEqual(all.slice(0, 2).sort(), ['kettle-a', 'kettle-b'])
      assert.equal(all[2], 'stove')
      const oneByOne = []
      for (let page = 0; page < 4; page++)
        oneByOne.push(...ids(await search({ q: 'kettl', hitsPerPage: 1, page })))
      assert.deepEqual(oneByOne, all)
      assert.deepEqual(ids(await search({ q: 'steel kettle' })), ['kettle-a'])
      // Every word must match somewhere; one in the name and one in the description is a match.
      assert.deepEqual(ids(await search({ q: 'camping kettle' })), ['stove'])
    })

    test('reindexes of the same products at the same moment all succeed (two staff saving at once)', async () => {
      await insertProduct(db, { id: 'twice', name: 'Twin Saved Clock' })
      await Promise.all(Array.from({ length: 6 }, () => reindexProducts(ctx, ['twice'])))
      assert.deepEqual(ids(await search({ q: 'clock' })), ['twice'])
    })

    test('keeps the index current on product writes', async () => {
      await insertProduct(db, { id: 'lamp', name: 'Brass Lamp' })
      assert.equal((await search({ q: 'brass' })).nbHits, 0)
      await reindexProducts(ctx, ['lamp'])
      assert.deepEqual(ids(await search({ q: 'brass' })), ['lamp'])
      await db
        .updateTable('product_texts')
        .set({ name: 'Copper Lamp' })
        .where('product_id', '=', 'lamp')
        .execute()
      await reindexProducts(ctx, ['lamp'])
      assert.equal((await search({ q: 'brass' })).nbHits, 0)
      assert.deepEqual(ids(await search({ q: 'copper' })), ['lamp'])
    })

    test("the vocabulary's product counts follow reindexes of some products exactly", async () => {
      await insertProduct(db, { id: 'bird-1', name: 'Owl Lamp', categoryIds: [bags] })
      await insertProduct(db, { id: 'bird-2', name: 'Owl Lamp Large' })
      await reindexProducts(ctx, ['bird-1', 'bird-2'])
      await db
        .updateTable('product_texts')
        .set({ name: 'Heron Lamp' })
        .where('product_id', '=', 'bird-2')
        .execute()
      await db.updateTable('products').set({ published: 0 }).where('id', '=', 'bird-1').execute()
      await reindexProducts(ctx, ['bird-1', 'bird-2'])
      await Promise.all([reindexProducts(ctx, ['bird-2']), reindexProducts(ctx, ['bird-2', 'oxford'])])
      // Each term counts the products whose postings hold it, as a full rebuild would; no term is left at none.
      const counted = await sql<{ language: string; term: string; n: number }>`select language, term,
        count(*) as n from search_postings group by language, term`.execute(db)
      const vocabulary = await sql<{
        language: string
        term: string
        products: number
      }>`select language, term,
        products from search_terms`.execute(db)
      assert.deepEqual(
        vocabulary.rows.map((r) => `${r.language} ${r.term} ${Number(r.products)}`).sort(),
        counted.rows.map((r) => `${r.language} ${r.term} ${Number(r.n)}`).sort(),
      )
      const strays = await sql<{ n: number }>`select count(*) as n from search_typos t where not exists
        (select 1 from search_terms s where s.language = t.language and s.term = t.term)`.execute(db)
      assert.equal(Number(strays.rows[0]?.n), 0)
      assert.deepEqual(ids(await search({ q: 'owl' })), [])
      assert.deepEqual(ids(await search({ q: 'heron' })), ['bird-2'])
    })

    test("a reindex in the writer's transaction commits or rolls back with the write", async () => {
      await insertProduct(db, { id: 'vase', name: 'Glass Vase' })
      const rename = (name: string, fail: boolean) =>
        db.transaction().execute(async (trx) => {
          await trx.updateTable('product_texts').set({ name }).where('product_id', '=', 'vase').execute()
          await reindexProducts({ ...ctx, db: trx }, ['vase'])
          if (fail) throw new Error('the write fails after the reindex')
        })
      await assert.rejects(rename('Crystal Vase', true))
      assert.equal((await search({ q: 'crystal' })).nbHits, 0)
      await rename('Crystal Vase', false)
      assert.deepEqual(ids(await search({ q: 'crystal' })), ['vase'])
    })

    test('punctuation only finds nothing; query syntax is not interpreted', async () => {
      assert.equal((await search({ q: '!!!' })).nbHits, 0)
      const r = await search({ q: 'shirt" OR "mug*' })
      assert.ok(r.nbHits >= 0)
    })

    test('a page of hits costs the same number of statements whatever its size', async () => {
      const counter = { queries: 0 }
      const plugin: KyselyPlugin = {
        transformQuery: (args) => {
          counter.queries++
          return args.node
        },
        transformResult: async (args) => args.result,
      }
      const counted: AppContext = { ...ctx, db: db.withPlugin(plugin) }
      const locale = { siteCode: 'default', language: 'en', currency: 'USD' }
      const small = await searchProducts(counted, locale, { q: 'mug', hitsPerPage: 2, page: 0 })
      const smallQueries = counter.queries
      counter.queries = 0
      const large = await searchProducts(counted, locale, { q: 'mug', hitsPerPage: 12, page: 0 })
      assert.equal(small.hits.length, 2)
      assert.equal(large.hits.length, 12)
      assert.equal(counter.queries, smallQueries)
      assert.ok(smallQueries <= 8, `${smallQueries} statements`)
    })

    test('beyond the bound: a capped count, the same statements every time, names first', async () => {
      const gizmos = Array.from({ length: DRIVER_POSTINGS + 1 }, (_, i) => `gizmo-${i}`)
      await db
        .insertInto('products')
        .values(gizmos.map((id) => ({ id, code: id, created_at: new Date().toISOString() })))
        .execute()
      await db
        .insertInto('product_texts')
        .values(
          gizmos.map((id, i) => ({
            product_id: id,
            language: 'en',
            // The last one holds the word in its description only.
            name: i === gizmos.length - 1 ? 'Widget' : `Gizmo ${i}`,
            description: i === gizmos.length - 1 ? 'Fits any gizmo.' : '',
          })),
        )
        .execute()
      await reindexProducts(ctx, gizmos)
      const statements: string[] = []
      const logged: AppContext = {
        ...ctx,
        db: db.withPlugin({
          transformQuery: (args) => {
            statements.push(args.node.kind)
            return args.node
          },
          transformResult: async (args) => args.result,
        }),
      }
      const locale = { siteCode: 'default', language: 'en', currency: 'USD' }
      const first = await searchProducts(logged, locale, { q: 'gizmo', hitsPerPage: 5, page: 0 })
      assert.equal(first.nbHits, 1000)
      assert.equal(first.nbHitsExhaustive, false)
      assert.equal(first.nbPages, 200)
      assert.ok(first.hits.every((h) => h.name.startsWith('Gizmo')))
      const counted = statements.length
      statements.length = 0
      const again = await searchProducts(logged, locale, { q: 'gizmo', hitsPerPage: 5, page: 1 })
      assert.equal(again.nbHitsExhaustive, false)
      assert.equal(statements.length, counted, 'a later page costs the same statements')
      assert.equal(new Set([...ids(first), ...ids(again)]).size, 10)
      // A narrow filter on a bounded read (which reads the names only here) is made again exhaustively: the
      // description-only match in the category is not lost.
      await db
        .insertInto('category_assignments')
        .values({ category_id: bags, product_id: gizmos.at(-1) ?? '' })
        .execute()
      await reindexProducts(ctx, [gizmos.at(-1) ?? ''])
      assert.deepEqual(ids(await search({ q: 'gizmo', category: bags })), [gizmos.at(-1)])
    })

    test('finds products by category name (with its parents) and by code', async () => {
      // (the bound test above put one gizmo in Bags)
      const bags = ids(await search({ q: 'bags' })).filter((id) => !id.startsWith('gizmo'))
      assert.deepEqual(bags.sort(), ['backpack', 'tote'])
      assert.deepEqual(ids(await search({ q: 'clothing', hitsPerPage: 10 })).sort(), ['oxford', 'tee'])
      assert.deepEqual(ids(await search({ q: 'SKU-oxford' })), ['oxford'])
      assert.deepEqual(ids(await search({ q: 'skuoxford' })), ['oxford'])
      // A name match outranks a category match.
      assert.deepEqual(
        ids(await search({ q: 'shirts', hitsPerPage: 10 }))
          .slice(0, 2)
          .sort(),
        ['oxford', 'tee'],
      )
    })

    test('forgives two typos from 8 letters, one from 4, none below', async () => {
      assert.deepEqual(ids(await search({ q: 'bakcpakc' })), ['backpack'])
      assert.ok(ids(await search({ q: 'shrt' })).includes('oxford'))
      assert.equal((await search({ q: 'shurtt' })).nbHits, 0, 'two typos in 6 letters')
      assert.equal((await search({ q: 'mig' })).nbHits, 0, 'no typo in 3 letters')
    })

    test('highlights the matched words of name and description', async () => {
      const hit = (await search({ q: 'oxford shir' })).hits[0]
      assert.equal(hit?.objectID, 'oxford')
      assert.deepEqual(hit?.highlights.name, [
        [0, 6],
        [7, 12],
      ])
      const de = (await search({ q: 'taschen', language: 'de' })).hits.find((h) => h.objectID === 'tote')
      // "Eine Tasche aus Segeltuch, …": the stem matched Tasche.
      assert.deepEqual(de?.highlights.description, [[5, 11]])
      const byCategory = (await search({ q: 'bags' })).hits.find((h) => h.objectID === 'tote')
      assert.deepEqual(byCategory?.highlights.name, [])
    })

    test('refines to products in stock; a stock write shows at once', async () => {
      await insertProduct(db, { id: 'linen', name: 'Linen Shirt', stock: 0, categoryIds: [shirts] })
      await reindexProducts(ctx, ['linen'])
      const soldOut = await search({ q: 'linen' })
      assert.deepEqual(ids(soldOut), ['linen'])
      assert.equal(soldOut.hits[0]?.inStock, false)
      assert.equal((await search({ q: 'linen', inStock: 'true' })).nbHits, 0)
      assert.deepEqual(ids(await search({ q: 'shirt', inStock: 'true', hitsPerPage: 10 })).sort(), [
        'oxford',
        'tee',
      ])
      // A stock writer bumps the catalogue version: the cached answers are not served again.
      await db.updateTable('products').set({ stock: 3 }).where('id', '=', 'linen').execute()
      await invalidateCatalogue(db)
      assert.equal((await search({ q: 'linen' })).hits[0]?.inStock, true)
      assert.deepEqual(ids(await search({ q: 'linen', inStock: 'true' })), ['linen'])
    })

    test('malformed input is a 400 with details', async () => {
      for (const qs of [
        '',
        'q=',
        'q=%20',
        'q=a&hitsPerPage=0',
        'q=a&hitsPerPage=51',
        'q=a&page=-1',
        'q=a&page=x',
        'q=a&language=english',
        'q=a&category=a%20b',
        'q=a&priceMin=-1',
        'q=a&priceMin=5&priceMax=1',
        'q=a&sort=price',
        'q=a&inStock=yes',
        `q=${'a'.repeat(201)}`,
      ]) {
        const res = await app.inject({ url: `/api/search/products?${qs}` })
        assert.equal(res.statusCode, 400, `${qs}: ${res.body}`)
        assert.ok(res.json().details?.length > 0, qs)
      }
    })
  })
}
