import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { mediaSrcSet } from '@shop/contracts/media'
import { insertSite } from '../../platform/testing/fixtures.ts'
import { createTestApp } from '../../platform/testing/test-app.ts'
import { testEngines } from '../../platform/testing/test-db.ts'
import { FAST_HASH_ENV } from '../auth/auth.testing.ts'
import { photo } from '../media/media.testing.ts'
import { productInput, staffMember } from './backoffice.testing.ts'

type Media = { id: string; url: string; widths?: number[]; alt?: unknown }

/** A product's images in the back office: order, alt texts per language, removal; what the shop shows at once. */
for (const { engine, skip } of testEngines()) {
  describe(`a product's images on ${engine}`, { skip }, async () => {
    const { app, database } = await createTestApp(engine, FAST_HASH_ENV)
    const db = database.db
    await insertSite(db, { code: 'us', currency: 'USD', languages: ['en'] })
    await insertSite(db, { code: 'eu', currency: 'EUR', languages: ['de', 'en'] })
    const staff = await staffMember(app, db, 'catalogue')
    const owner = await staffMember(app, db, 'owner')
    const call = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
      app.inject({ method, url, headers: staff.headers, ...(payload ? { payload } : {}) })
    const upload = async (bytes: Buffer) => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/owner/media',
        headers: { ...staff.headers, 'content-type': 'image/jpeg' },
        payload: bytes,
      })
      assert.equal(res.statusCode, 201, res.body)
      return res.json() as { id: string; url: string; widths: number[] }
    }
    const created = await call('POST', '/api/owner/products', productInput({ sku: 'MEDIA-1' }))
    const productId = created.json().id as string
    // A product of the demo data: its image is a file of the media directory, { id, url } only.
    await db
      .updateTable('products')
      .set({ media: JSON.stringify([{ id: 'demo-1', url: '/media/products/apple-juice.webp' }]) })
      .where('id', '=', productId)
      .execute()
    const [first, second] = [
      await upload(await photo(1600, 1200)),
      await upload(await photo(800, 800, 'png')),
    ]
    const shopper = async (site = 'us', language = 'en') =>
      (
        await app.inject({
          url: `/api/catalogue/products/${productId}`,
          headers: { 'site-code': site, 'accept-language': language },
        })
      ).json().media as Media[]
    const path = `/api/owner/products/${productId}/media`

    test('images are added with alt texts per language; the shopper gets them in order, in their language, with widths', async () => {
      assert.deepEqual(
        (await call('GET', path)).json().media.map((m: Media) => m.id),
        ['demo-1'],
      )
      const res = await call('PUT', path, {
        media: [
          { id: first.id, alt: { en: 'A noisy photo', de: 'Ein verrauschtes Foto' } },
          { id: 'demo-1', alt: { en: 'Apple juice' } },
          { id: second.id },
        ],
      })
      assert.equal(res.statusCode, 200, res.body)
      assert.deepEqual(
        res.json().media.map((m: Media) => [m.id, m.alt]),
        [
          [first.id, { en: 'A noisy photo', de: 'Ein verrauschtes Foto' }],
          ['demo-1', { en: 'Apple juice' }],
          [second.id, {}],
        ],
      )
      const en = await shopper()
      assert.deepEqual(
        en.map((m) => [m.url, m.alt]),
        [
          [first.url, 'A noisy photo'],
          ['/media/products/apple-juice.webp', 'Apple juice'],
          [second.url, undefined],
        ],
      )
      assert.deepEqual(en[0]?.widths, [320, 640, 960, 1280, 1600])
      assert.equal((await shopper('eu', 'de'))[0]?.alt, 'Ein verrauschtes Foto')
      // Every srcset entry the storefront builds from the URL is served.
      for (const entry of (mediaSrcSet(first.url, 'avif') ?? '').split(', ')) {
        const url = entry.split(' ')[0] as string
        assert.equal((await app.inject({ url })).statusCode, 200, url)
      }
      const hits = (
        await app.inject({ url: '/api/search/products?q=walnut', headers: { 'site-code': 'us' } })
      ).json().hits as Array<{ objectID: string; image?: string }>
      assert.equal(hits.find((h) => h.objectID === productId)?.image, first.url)
    })

    test('reorder and remove; every change is in the audit log with the list before and after', async () => {
      const res = await call('PUT', path, {
        media: [{ id: second.id }, { id: first.id, alt: { en: 'Again' } }],
      })
      assert.equal(res.statusCode, 200, res.body)
      assert.deepEqual(
        (await shopper()).map((m) => m.id),
        [second.id, first.id],
      )
      const audit = await app.inject({
        url: `/api/owner/audit?entity=product&entityId=${productId}`,
        headers: owner.headers,
      })
      const [latest] = audit.json() as Array<{
        action: string
        before: { media: Media[] }
        after: { media: Media[] }
      }>
      assert.equal(latest?.action, 'update')
      assert.deepEqual(
        latest?.before.media.map((m) => m.id),
        [first.id, 'demo-1', second.id],
      )
      assert.deepEqual(
        latest?.after.media.map((m) => m.id),
        [second.id, first.id],
      )
      assert.equal((await call('PUT', path, { media: [] })).statusCode, 200)
      assert.deepEqual(await shopper(), [])
      // The stored files stay: another owner of images may name them.
      assert.equal((await app.inject({ url: first.url })).statusCode, 200)
    })

    test('an unknown or repeated id is 400 naming the field, and nothing changes', async () => {
      await call('PUT', path, { media: [{ id: first.id }] })
      const unknown = await call('PUT', path, { media: [{ id: first.id }, { id: 'f'.repeat(32) }] })
      assert.equal(unknown.statusCode, 400, unknown.body)
      assert.equal(unknown.json().details[0].field, 'media.1.id')
      const twice = await call('PUT', path, { media: [{ id: second.id }, { id: second.id }] })
      assert.equal(twice.statusCode, 400, twice.body)
      assert.equal(twice.json().details[0].field, 'media.1.id')
      const badAlt = await call('PUT', path, { media: [{ id: second.id, alt: { english: 'x' } }] })
      assert.equal(badAlt.statusCode, 400, badAlt.body)
      assert.deepEqual(
        (await shopper()).map((m) => m.id),
        [first.id],
      )
      assert.equal((await call('PUT', '/api/owner/products/nope/media', { media: [] })).statusCode, 404)
      assert.equal((await call('GET', '/api/owner/products/nope/media')).statusCode, 404)
    })
  })
}
