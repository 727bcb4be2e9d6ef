import assert from 'node:assert/strict'
import { randomBytes } from 'node:crypto'
import { describe, test } from 'node:test'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { seedDemo } from '../../../../../demo/seed.ts'
import { createTestApp } from '../testing/test-app.ts'
import { testEngines } from '../testing/test-db.ts'
import { encodedBody } from './encoded.ts'
import { PageCache, RenderReads } from './page-cache.ts'
import { invalidate } from './versions.ts'

const PRODUCT = '/p/baseplate-compass~p-compass'

/**
 * The page cache (docs/decisions/0040): a returning shopper with no cart and nobody signed in gets a public page
 * as kept while nothing it shows changed; a change to the catalogue or the shop's settings, a price that starts
 * or ends, a cart, a signed-in customer or a first visit all get a page rendered for them. Needs the storefront
 * build (`npm test` makes it first).
 */
for (const { engine, skip } of testEngines()) {
  describe(`page cache on ${engine}`, { skip }, async () => {
    const { app, database } = await createTestApp(engine)
    const db = database.db
    await seedDemo(db)

    // A first visit: rendered, and it sets the session cookies a returning shopper then sends.
    const first = await app.inject({ url: PRODUCT })
    assert.equal(first.statusCode, 200)
    const session = first.cookies.map((c) => `${c.name}=${c.value}`).join('; ')
    assert.match(session, /shop_token=/)

    const get = (url: string, cookie = session) => app.inject({ url, headers: { cookie } })

    test('a first visit is rendered for the shopper (it sets cookies) and not kept', async () => {
      const res = await app.inject({ url: PRODUCT })
      assert.equal(res.headers['x-page-cache'], undefined)
      assert.ok(res.cookies.some((c) => c.name === 'shop_token'))
    })

    test('a returning shopper gets the kept page, the same bytes, until the price changes', async () => {
      const miss = await get(PRODUCT)
      assert.equal(miss.statusCode, 200)
      const hit = await get(PRODUCT)
      assert.equal(hit.headers['x-page-cache'], 'hit')
      assert.equal(hit.body, miss.body)
      assert.ok(hit.body.includes('"price":24,'), 'the page shows the price of the database')
      assert.equal(hit.headers['set-cookie'], undefined)

      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('prices')
          .set({ effective_minor: 1999 })
          .where('product_id', '=', 'p-compass')
          .where('currency', '=', 'USD')
          .execute()
        await invalidate(trx, 'catalogue')
      })
      const after = await get(PRODUCT)
      assert.equal(after.headers['x-page-cache'], 'miss')
      assert.ok(after.body.includes('"price":19.99,'), 'the page shows the new price')
    })

    test('a kept page goes out compressed as the client accepts, compressed once', async () => {
      const plain = await get('/c/all')
      const br = await app.inject({
        url: '/c/all',
        headers: { cookie: session, 'accept-encoding': 'gzip, br' },
      })
      assert.equal(br.headers['x-page-cache'], 'hit')
      assert.equal(br.headers['content-encoding'], 'br')
      assert.match(String(br.headers.vary), /accept-encoding/i)
      assert.equal(brotliDecompressSync(br.rawPayload).toString(), plain.body)
      const gzip = await app.inject({
        url: '/c/all',
        headers: { cookie: session, 'accept-encoding': 'gzip, br;q=0' },
      })
      assert.equal(gzip.headers['content-encoding'], 'gzip')
      assert.equal(gunzipSync(gzip.rawPayload).toString(), plain.body)
      const identity = await app.inject({
        url: '/c/all',
        headers: { cookie: session, 'accept-encoding': 'identity' },
      })
      assert.equal(identity.headers['content-encoding'], undefined)
      assert.equal(identity.body, plain.body)
    })

    test("a change to the shop's settings renders the page again", async () => {
      await get('/')
      assert.equal((await get('/')).headers['x-page-cache'], 'hit')
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('sites').set({ name: 'Renamed Shop' }).where('code', '=', 'us').execute()
        await invalidate(trx, 'settings')
      })
      assert.equal((await get('/')).headers['x-page-cache'], 'miss')
    })

    test('a price that ends makes the kept page old at that instant, without a version change', async () => {
      const ends = new Date(Date.now() + 1500).toISOString()
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('prices')
          .set({ effective_minor: 1500, valid_until: ends })
          .where('product_id', '=', 'p-compass')
          .where('currency', '=', 'USD')
          .execute()
        await trx
          .insertInto('prices')
          .values({
            id: 'price-compass-after',
            product_id: 'p-compass',
            variant_id: null,
            currency: 'USD',
            effective_minor: 2600,
            original_minor: 2600,
            unit_code: null,
            unit_quantity: null,
            valid_from: ends,
            valid_until: null,
          })
          .execute()
        await invalidate(trx, 'catalogue')
      })
      assert.ok((await get(PRODUCT)).body.includes('"price":15,'), 'the price until the instant')
      assert.equal((await get(PRODUCT)).headers['x-page-cache'], 'hit')
      await new Promise((resolve) => setTimeout(resolve, Date.parse(ends) - Date.now() + 50))
      const later = await get(PRODUCT)
      assert.notEqual(later.headers['x-page-cache'], 'hit')
      assert.ok(later.body.includes('"price":26,'), 'the price from the instant on')
    })

    test('each site and language has its own page', async () => {
      const english = await get('/c/all')
      const german = await get('/c/all', `${session}; language=de`)
      assert.notEqual(german.headers['x-page-cache'], 'hit')
      assert.ok(german.body.includes('<html lang="de"'), 'the German page')
      assert.ok(english.body.includes('<html lang="en"'), 'the English page')
      assert.equal((await get('/c/all', `${session}; language=de`)).headers['x-page-cache'], 'hit')
      assert.ok(
        (await get('/c/all')).body.includes('<html lang="en"'),
        'the English page is still kept apart',
      )
    })

    test('an address with a parameter no page reads is rendered every time; the ones pages read are kept', async () => {
      for (const url of [`${PRODUCT}?r=1`, '/c/all?utm_source=mail', '/?lang=en&x=1']) {
        await get(url)
        assert.equal((await get(url)).headers['x-page-cache'], undefined, url)
      }
      for (const url of ['/c/all?page=2&sort=newest', '/?lang=de']) {
        await get(url)
        assert.equal((await get(url)).headers['x-page-cache'], 'hit', url)
      }
    })

    test('the kept pages and their compressed copies stay within 24 MB, the least recently used out first', async () => {
      const cache = new PageCache(db)
      const versions = await cache.versions()
      const megabyte = 1024 * 1024
      for (let i = 0; i < 30; i++) {
        // Random bytes do not compress: each page with its gzip copy is about 2 MB.
        const page = cache.set(
          `page-${i}`,
          { status: 200, headers: [], body: randomBytes(megabyte) },
          versions,
          new RenderReads(),
        )
        await encodedBody(page, 'gzip')
        assert.ok(cache.size.bytes <= 24 * megabyte, `${cache.size.bytes} bytes after page ${i}`)
      }
      assert.ok(cache.size.pages <= 12, `${cache.size.pages} pages kept: the copies count`)
      assert.equal(await cache.get('page-0'), undefined)
      assert.ok(await cache.get('page-29'))
    })

    test('a shopper with a cart or signed in, and pages that are not public, are rendered every time', async () => {
      for (const cookie of [`${session}; cart_id=c-1`, `${session}; shop_user=Ann`]) {
        await get(PRODUCT, cookie)
        assert.equal((await get(PRODUCT, cookie)).headers['x-page-cache'], undefined)
      }
      await get('/cart')
      assert.equal((await get('/cart')).headers['x-page-cache'], undefined)
    })
  })
}
