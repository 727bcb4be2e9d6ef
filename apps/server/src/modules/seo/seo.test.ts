import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import {
  insertCategory,
  insertCategoryText,
  insertProduct,
  insertProductText,
  insertSite,
} from '../../platform/testing/fixtures.ts'
import { createTestApp } from '../../platform/testing/test-app.ts'
import { testEngines } from '../../platform/testing/test-db.ts'
import { sitemap } from './seo.service.ts'

for (const { engine, skip } of testEngines()) {
  describe(`sitemap and robots on ${engine}`, { skip }, async () => {
    const { app, database, config } = await createTestApp(engine, { PUBLIC_URL: 'https://shop.example' })
    const db = database.db
    await insertSite(db, { code: 'default', languages: ['en', 'de'] })
    await insertCategory(db, { id: 'c-bags', name: 'Bags & Backpacks' })
    await insertCategoryText(db, 'c-bags', 'de', 'Taschen & Rucksäcke')
    await insertProduct(db, { id: 'p1', name: 'Canvas Tote' })
    await insertProduct(db, { id: 'p2', name: 'Wool Scarf' })
    await insertProductText(db, 'p2', 'de', 'Wollschal')
    await insertProduct(db, { id: 'hidden', name: 'Hidden' })
    await db.updateTable('products').set({ published: 0 }).where('id', '=', 'hidden').execute()

    test('robots.txt disallows private areas and points to the sitemap', async () => {
      const res = await app.inject({ url: '/robots.txt' })
      assert.equal(res.statusCode, 200)
      assert.match(res.headers['content-type'] ?? '', /text\/plain/)
      for (const path of ['/checkout', '/cart', '/account', '/api/'])
        assert.match(res.body, new RegExp(`Disallow: ${path}`))
      assert.match(res.body, /Sitemap: https:\/\/shop\.example\/sitemap\.xml/)
    })

    test('sitemap.xml lists home, categories and published products, one <url> per language, each naming every language', async () => {
      const res = await app.inject({ url: '/sitemap.xml' })
      assert.equal(res.statusCode, 200)
      assert.match(res.headers['content-type'] ?? '', /application\/xml/)
      const urls = [...res.body.matchAll(/<url>([\s\S]*?)<\/url>/g)].map((m) => m[1] ?? '')
      const entry = (loc: string) => {
        const found = urls.find((u) => u.includes(`<loc>https://shop.example${loc}</loc>`))
        assert.ok(found, `${loc} is listed`)
        const links = [...found.matchAll(/hreflang="([^"]+)" href="([^"]+)"/g)].map((m) => [m[1], m[2]])
        return Object.fromEntries(links)
      }
      const home = {
        en: 'https://shop.example/',
        de: 'https://shop.example/?lang=de',
        'x-default': 'https://shop.example/',
      }
      assert.deepEqual(entry('/'), home)
      assert.deepEqual(entry('/?lang=de'), home)
      // a name that differs by language: each language's URL carries its own slug (no redirect)
      const bags = {
        en: 'https://shop.example/c/bags-backpacks~c-bags',
        de: 'https://shop.example/c/taschen-rucksaecke~c-bags?lang=de',
        'x-default': 'https://shop.example/c/bags-backpacks~c-bags',
      }
      assert.deepEqual(entry('/c/bags-backpacks~c-bags'), bags)
      assert.deepEqual(entry('/c/taschen-rucksaecke~c-bags?lang=de'), bags)
      const scarf = {
        en: 'https://shop.example/p/wool-scarf~p2',
        de: 'https://shop.example/p/wollschal~p2?lang=de',
        'x-default': 'https://shop.example/p/wool-scarf~p2',
      }
      assert.deepEqual(entry('/p/wool-scarf~p2'), scarf)
      assert.deepEqual(entry('/p/wollschal~p2?lang=de'), scarf)
      // no German text: the German URL reads the English name
      assert.equal(entry('/p/canvas-tote~p1').de, 'https://shop.example/p/canvas-tote~p1?lang=de')
      assert.equal(urls.length, 2 * 5, 'home, all products, one category and two products, in en and de')
      assert.doesNotMatch(res.body, /hidden/)
      assert.equal((await app.inject({ url: '/sitemap-2.xml' })).statusCode, 404)
    })

    test('a long sitemap becomes an index of parts that read only their own products and add up to the whole', async () => {
      const ctx = { db, engine, config, log: app.log }
      const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1])
      const whole = locs((await sitemap(ctx)) ?? '')
      // 5 pages (home, all products, 1 category, 2 products) × 2 languages; 4 <url>s a part → 2 pages a part
      const index = (await sitemap(ctx, undefined, 4)) ?? ''
      assert.match(index, /<sitemapindex /)
      assert.deepEqual(
        locs(index),
        [1, 2, 3].map((n) => `https://shop.example/sitemap-${n}.xml`),
      )
      const parts = await Promise.all([1, 2, 3].map(async (n) => locs((await sitemap(ctx, n, 4)) ?? '')))
      assert.deepEqual(
        parts.map((p) => p.length),
        [4, 4, 2],
      )
      assert.deepEqual(parts.flat(), whole)
      assert.equal(await sitemap(ctx, 4, 4), undefined)
      assert.equal(await sitemap(ctx, 0, 4), undefined)
    })

    test('expand=slugs names a product and a category in every language that has a name, English always', async () => {
      const product = await app.inject({ url: '/api/catalogue/products/p2?expand=slugs' })
      assert.equal(product.statusCode, 200)
      assert.deepEqual(product.json().slugs, { en: 'wool-scarf', de: 'wollschal' })
      const plain = await app.inject({ url: '/api/catalogue/products/p1?expand=prices,slugs' })
      assert.deepEqual(plain.json().slugs, { en: 'canvas-tote' })
      assert.equal((await app.inject({ url: '/api/catalogue/products/p2' })).json().slugs, undefined)
      const list = await app.inject({ url: '/api/catalogue/products?q=id:(p1,p2)&expand=slugs' })
      assert.deepEqual(
        Object.fromEntries(list.json().map((p: { id: string; slugs: object }) => [p.id, p.slugs])),
        { p1: { en: 'canvas-tote' }, p2: { en: 'wool-scarf', de: 'wollschal' } },
      )
      const category = await app.inject({
        url: '/api/catalogue/categories/c-bags?expand=slugs',
        headers: { 'accept-language': 'de' },
      })
      assert.equal(category.statusCode, 200)
      assert.equal(category.json().slug, 'taschen-rucksaecke')
      assert.deepEqual(category.json().slugs, { en: 'bags-backpacks', de: 'taschen-rucksaecke' })
      const refused = await app.inject({ url: '/api/catalogue/categories/c-bags?expand=everything' })
      assert.equal(refused.statusCode, 400)
    })
  })
}
