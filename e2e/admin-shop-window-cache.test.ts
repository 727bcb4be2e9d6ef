import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { engines, type RunningShop, startShop } from './support/shop.ts'
import { account } from './support/staff.ts'

/**
 * The shop window through the real shop (docs/decisions/0055): a returning shopper's home page is kept by the
 * page cache (X-Page-Cache: hit, ADR 0040); a replaced window shows on the very next visit (miss, then kept
 * again), and with no slides and no banners the home page sends to all products (spec §2 base.home).
 */
for (const { engine, skip } of engines) {
  describe(`shop window and the kept home page on ${engine}`, { skip }, () => {
    let shop: RunningShop
    let owner: Awaited<ReturnType<typeof account>>
    before(async () => {
      shop = await startShop(engine)
      owner = await account(shop.url, shop.databaseUrl, 'owner')
    })
    after(() => shop?.stop())
    const replace = async (body: object) => {
      const res = await fetch(`${shop.url}/api/owner/sites/us/window`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
      assert.equal(res.status, 200, await res.clone().text())
      return res.json() as Promise<{ slides: unknown[]; banner1: unknown; banner2: unknown }>
    }

    test('a new slide shows on the next visit of a kept home page; no slides and banners → all products', async () => {
      // A returning shopper on the us site in German: the first visit sets the session cookies.
      const first = await fetch(`${shop.url}/`, { headers: { 'accept-language': 'de' } })
      assert.equal(first.status, 200)
      const cookie = [
        ...first.headers.getSetCookie().map((c) => c.split(';')[0]),
        'site=us',
        'language=de',
      ].join('; ')
      const home = async () => {
        const res = await fetch(`${shop.url}/`, { headers: { cookie }, redirect: 'manual' })
        return { status: res.status, kept: res.headers.get('x-page-cache'), html: await res.text(), res }
      }
      await home()
      const kept = await home()
      assert.equal(kept.status, 200)
      assert.equal(kept.kept, 'hit', 'the home page is kept for a returning shopper')
      assert.doesNotMatch(kept.html, /Neue Herbstfolie/)

      const current = (await (
        await fetch(`${shop.url}/api/owner/sites/us/window`, {
          headers: { authorization: `Bearer ${owner.token}` },
        })
      ).json()) as { slides: unknown[]; banner1: unknown; banner2: unknown }
      const slide = {
        large: '/media/slides/us-summer-large.webp',
        small: '/media/slides/us-summer-small.webp',
        alt: { en: 'New autumn slide', de: 'Neue Herbstfolie' },
        link: '/c/all',
      }
      await replace({
        slides: [slide, ...current.slides],
        banner1: current.banner1,
        banner2: current.banner2,
      })
      const fresh = await home()
      assert.equal(fresh.status, 200)
      assert.equal(fresh.kept, 'miss', 'the kept page was dropped: rendered again and kept anew')
      assert.match(fresh.html, /alt="Neue Herbstfolie"/)
      assert.deepEqual([(await home()).kept, (await home()).html.includes('Neue Herbstfolie')], ['hit', true])

      await replace({ slides: [], banner1: null, banner2: null })
      const empty = await home()
      assert.equal(empty.status, 302)
      assert.equal(new URL(empty.res.headers.get('location') ?? '', shop.url).pathname, '/c/all')
      const all = await fetch(`${shop.url}/`, { headers: { cookie } })
      assert.equal(new URL(all.url).pathname, '/c/all')
      assert.equal(all.status, 200)
    })
  })
}
