import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { insertCategory, insertProduct, insertSite } from '../../platform/testing/fixtures.ts'
import { createTestApp } from '../../platform/testing/test-app.ts'
import { testEngines } from '../../platform/testing/test-db.ts'

for (const { engine, skip } of testEngines()) {
  describe(`sitemap and robots on ${engine}`, { skip }, async () => {
    const { app, database } = await createTestApp(engine, { PUBLIC_URL: 'https://shop.example' })
    const db = database.db
    await insertSite(db, { code: 'default', languages: ['en', 'de'] })
    await insertCategory(db, { id: 'c-bags', name: 'Taschen & Rucksäcke' })
    await insertProduct(db, { id: 'p1', name: 'Canvas Tote' })
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

    test('sitemap.xml lists home, categories and published products with language alternates', async () => {
      const res = await app.inject({ url: '/sitemap.xml' })
      assert.equal(res.statusCode, 200)
      assert.match(res.headers['content-type'] ?? '', /application\/xml/)
      assert.match(res.body, /<loc>https:\/\/shop\.example\/<\/loc>/)
      assert.match(res.body, /<loc>https:\/\/shop\.example\/c\/taschen-rucksaecke~c-bags<\/loc>/)
      assert.match(res.body, /<loc>https:\/\/shop\.example\/p\/canvas-tote~p1<\/loc>/)
      assert.match(res.body, /hreflang="de" href="https:\/\/shop\.example\/p\/canvas-tote~p1\?lang=de"/)
      assert.doesNotMatch(res.body, /hidden/)
      assert.equal((await app.inject({ url: '/sitemap-2.xml' })).statusCode, 404)
    })
  })
}
