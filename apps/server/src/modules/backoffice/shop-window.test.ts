import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { insertSite } from '../../platform/testing/fixtures.ts'
import { createTestApp } from '../../platform/testing/test-app.ts'
import { testEngines } from '../../platform/testing/test-db.ts'
import { FAST_HASH_ENV } from '../auth/auth.testing.ts'
import { staffMember } from './backoffice.testing.ts'

/** The owner's shop-window calls through HTTP: replace, validation, audit, roles, the public site answer. */
const slide = (n: number, over: Record<string, unknown> = {}) => ({
  large: `/media/slides/s${n}-large.webp`,
  small: `/media/slides/s${n}-small.webp`,
  alt: { en: `Slide ${n}`, de: `Folie ${n}` },
  link: '/c/bags~c-bags',
  ...over,
})
const banner = (n: number) => ({
  imageUrl: `/media/banners/b${n}.webp`,
  alt: { en: `Banner ${n}`, de: `Banner ${n} (de)` },
  link: 'https://example.com/sale',
})

for (const { engine, skip } of testEngines()) {
  describe(`shop window API on ${engine}`, { skip }, async () => {
    const { app, database } = await createTestApp(engine, FAST_HASH_ENV)
    const db = database.db
    await insertSite(db, { code: 'us', currency: 'USD', languages: ['en', 'de'] })
    await db
      .updateTable('sites')
      .set({ mixins: JSON.stringify({ storeLogoImageKey: '/media/brand/logo.svg' }) })
      .where('code', '=', 'us')
      .execute()
    const owner = await staffMember(app, db, 'owner')
    const staff = await staffMember(app, db, 'catalogue')
    const call = (method: 'GET' | 'PUT', url: string, payload?: object, who = owner) =>
      app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) })
    const publicSite = async () =>
      (await app.inject({ url: '/api/site/sites/us?expand=mixin:*' })).json().mixins as Record<
        string,
        unknown
      >
    const auditOf = async () =>
      (await call('GET', '/api/owner/audit?entity=site&entityId=us')).json() as Array<{
        action: string
        actor: { email: string }
        before: { slides: unknown[] }
        after: { slides: Array<{ alt: Record<string, string> }>; banner2: unknown }
      }>

    test('the owner replaces the window; the public site answer has it at once, other mixins kept', async () => {
      const empty = await call('GET', '/api/owner/sites/us/window')
      assert.equal(empty.statusCode, 200, empty.body)
      assert.deepEqual(
        { ...(empty.json() as object), images: [] },
        { site: 'us', languages: ['en', 'de'], slides: [], banner1: null, banner2: null, images: [] },
      )
      // Seen once by the public call (its answer may be kept), then replaced.
      assert.equal((await publicSite()).siteContentDetails, undefined)
      const body = { slides: [slide(1), slide(2, { link: null })], banner1: banner(1), banner2: null }
      const put = await call('PUT', '/api/owner/sites/us/window', body)
      assert.equal(put.statusCode, 200, put.body)
      assert.deepEqual(put.json().slides, body.slides)
      assert.deepEqual(put.json().banner1, banner(1))
      assert.equal(put.json().banner2, null)
      assert.ok(put.json().images.includes('/media/slides/s2-small.webp'))
      assert.equal(put.headers['cache-control'], 'no-store')
      const mixins = await publicSite()
      assert.equal(mixins.storeLogoImageKey, '/media/brand/logo.svg')
      assert.deepEqual(mixins.siteContentDetails, {
        topImages: [
          {
            large: { imageUrl: '/media/slides/s1-large.webp' },
            small: { imageUrl: '/media/slides/s1-small.webp' },
            alt: { en: 'Slide 1', de: 'Folie 1' },
            link: '/c/bags~c-bags',
          },
          {
            large: { imageUrl: '/media/slides/s2-large.webp' },
            small: { imageUrl: '/media/slides/s2-small.webp' },
            alt: { en: 'Slide 2', de: 'Folie 2' },
          },
        ],
        banner1: banner(1),
      })
      assert.deepEqual((await call('GET', '/api/owner/sites/us/window')).json().slides, body.slides)
    })

    test('each replace is one audit entry with the window before and after', async () => {
      const before = (await auditOf()).length
      const body = { slides: [slide(3)], banner1: banner(1), banner2: banner(2) }
      assert.equal((await call('PUT', '/api/owner/sites/us/window', body)).statusCode, 200)
      const entries = await auditOf()
      assert.equal(entries.length, before + 1)
      const [entry] = entries
      assert.equal(entry?.action, 'update')
      assert.equal(entry?.actor.email, owner.email)
      assert.equal(entry?.before.slides.length, 2)
      assert.deepEqual(entry?.after.slides[0]?.alt, { en: 'Slide 3', de: 'Folie 3' })
      assert.deepEqual(entry?.after.banner2, banner(2))
    })

    test('bad input: 400 naming the field, nothing written, no audit entry', async () => {
      const saved = (await call('GET', '/api/owner/sites/us/window')).json()
      const entries = (await auditOf()).length
      const refused = async (body: object, field: string) => {
        const res = await call('PUT', '/api/owner/sites/us/window', body)
        assert.equal(res.statusCode, 400, res.body)
        const fields = (res.json().details as Array<{ field: string }>).map((d) => d.field)
        assert.ok(fields.includes(field), `${field} in ${fields.join(', ')}`)
      }
      const ok = { slides: [slide(1)], banner1: banner(1), banner2: null }
      await refused({ ...ok, slides: [slide(1, { link: 'javascript:alert(1)' })] }, 'body.slides.0.link')
      await refused({ ...ok, slides: [slide(1, { link: 'http://example.com' })] }, 'body.slides.0.link')
      await refused({ ...ok, slides: [slide(1, { link: '//evil.example' })] }, 'body.slides.0.link')
      await refused({ ...ok, slides: [slide(1, { large: '' })] }, 'body.slides.0.large')
      await refused({ ...ok, banner1: { ...banner(1), imageUrl: 'media/x.webp' } }, 'body.banner1.imageUrl')
      await refused({ ...ok, slides: [slide(1, { alt: { fr: 'Diapo' } })] }, 'body.slides.0.alt.fr')
      await refused({ ...ok, slides: [slide(1, { text: 'x' })] }, 'body.slides.0')
      await refused({ slides: [] }, 'body.banner1')
      assert.deepEqual((await call('GET', '/api/owner/sites/us/window')).json(), saved)
      assert.equal((await auditOf()).length, entries)
    })

    test('only the owner: catalogue staff 403, no token 401; an unknown site 404', async () => {
      const body = { slides: [], banner1: null, banner2: null }
      assert.equal((await call('GET', '/api/owner/sites/us/window', undefined, staff)).statusCode, 403)
      assert.equal((await call('PUT', '/api/owner/sites/us/window', body, staff)).statusCode, 403)
      assert.equal((await app.inject({ url: '/api/owner/sites/us/window' })).statusCode, 401)
      assert.equal((await call('GET', '/api/owner/sites/nowhere/window')).statusCode, 404)
      assert.equal((await call('PUT', '/api/owner/sites/nowhere/window', body)).statusCode, 404)
    })
  })
}
