import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { engines, type RunningShop, startShop } from './support/shop.ts'

/**
 * Page titles and Open Graph name the shop by its current site's name, not the catalogues' brand: an empty shop
 * started with SHOP_NAME (its starter site, docs/decisions/0060-starter-site.md) is that name on every page, in
 * both languages. (The demo's site names, "Fluent Goods US" and so on: e2e/catalogue-audit.test.ts.)
 */
const NAME = 'Bakery Lumen'

for (const { engine, skip } of engines) {
  describe(`an empty shop's name in its titles on ${engine}`, { skip }, () => {
    let shop: RunningShop
    before(async () => {
      shop = await startShop(engine, { SEED_DEMO: 'false', SHOP_NAME: NAME })
    })
    after(() => shop?.stop())

    test(`all products (the empty home page), search and a missing page are titled "… | ${NAME}"`, async () => {
      for (const [path, title] of [
        ['/', 'All products'], // a home page without banners is all products
        ['/c/all?lang=de', 'Alle Produkte'],
        ['/search/bread', 'Results for “bread”'],
        ['/no-such-page', 'Page not found'],
      ] as const) {
        const response = await fetch(`${shop.url}${path}`)
        const head = (await response.text()).split('</head>')[0] ?? ''
        assert.equal(/<title>([^<]*)<\/title>/.exec(head)?.[1], `${title} | ${NAME}`, path)
        assert.doesNotMatch(head, /Fluent Goods/, path)
        if (response.status === 200)
          assert.match(head, new RegExp(`<meta property="og:site_name" content="${NAME}"`), path)
      }
    })
  })
}
