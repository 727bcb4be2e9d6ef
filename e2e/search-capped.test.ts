import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import type { SearchResult } from '@shop/contracts/search'
import { generateCatalogue } from '../bench/generate-catalogue.ts'
import { engines, type RunningShop, startShop } from './support/shop.ts'

/**
 * Beyond 1,000 matches the count is capped (`nbHitsExhaustive: false`): the result page says "1000+", and
 * the hits still come in pages that add up, name matches first. A catalogue of 3,000 generated products.
 */
for (const { engine, skip } of engines) {
  describe(`capped search on ${engine}`, { skip }, () => {
    let shop: RunningShop
    before(async () => {
      shop = await startShop(engine)
      await generateCatalogue(shop.databaseUrl, 3000)
    })
    after(() => shop?.stop())

    const search = async (query: string, language = 'en') => {
      const res = await fetch(`${shop.url}/api/search/products?${query}`, {
        headers: { 'accept-language': language },
      })
      assert.equal(res.status, 200)
      return (await res.json()) as SearchResult
    }

    test('the API caps the count and pages through ranked hits', async () => {
      const first = await search('q=co&hitsPerPage=20')
      assert.equal(first.nbHits, 1000)
      assert.equal(first.nbHitsExhaustive, false)
      assert.equal(first.nbPages, 50)
      assert.equal(first.hits.length, 20)
      // Every word of the query in the name comes first.
      assert.ok(
        first.hits.every((h) => /\bco/i.test(h.name)),
        first.hits.map((h) => h.name).join(', '),
      )
      const second = await search('q=co&hitsPerPage=20&page=1')
      const ids = new Set([...first.hits, ...second.hits].map((h) => h.objectID))
      assert.equal(ids.size, 40, 'pages do not overlap')
      const exact = await search('q=oxford&hitsPerPage=5')
      assert.equal(exact.nbHitsExhaustive, undefined)
      assert.ok(exact.nbHits < 1000)
    })

    test('the result page shows a capped count as "1000+", in English and German', async () => {
      for (const [language, query, text] of [
        ['en', 'co', '1000+ products found'],
        ['de', 'ge', '1000+ Produkte gefunden'],
      ] as const) {
        const res = await fetch(`${shop.url}/search/${query}`, {
          headers: { cookie: `language=${language}` },
        })
        assert.equal(res.status, 200)
        const html = await res.text()
        assert.ok(html.includes(text), `${language}: ${text}`)
      }
      const exact = await (
        await fetch(`${shop.url}/search/oxford`, { headers: { cookie: 'language=en' } })
      ).text()
      assert.match(exact, /\d+ products found/)
      assert.ok(!exact.includes('+ products found'))
    })
  })
}
