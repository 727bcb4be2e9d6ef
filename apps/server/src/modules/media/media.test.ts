import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import sharp from 'sharp'
import { insertSite } from '../../platform/testing/fixtures.ts'
import { createTestApp } from '../../platform/testing/test-app.ts'
import { testEngines } from '../../platform/testing/test-db.ts'
import { FAST_HASH_ENV } from '../auth/auth.testing.ts'
import { staffMember } from '../backoffice/backoffice.testing.ts'
import { photo, SCRIPTED_SVG } from './media.testing.ts'

/** The upload call and the public path of the stored files, through HTTP, on both engines. */
for (const { engine, skip } of testEngines()) {
  describe(`uploaded images on ${engine}`, { skip }, async () => {
    const { app, database } = await createTestApp(engine, FAST_HASH_ENV)
    await insertSite(database.db, { code: 'us', currency: 'USD', languages: ['en'] })
    const staff = await staffMember(app, database.db, 'catalogue')
    const owner = await staffMember(app, database.db, 'owner')
    const upload = (payload: Buffer, contentType = 'application/octet-stream') =>
      app.inject({
        method: 'POST',
        url: '/api/owner/media',
        headers: { ...staff.headers, 'content-type': contentType },
        payload,
      })

    test('a PNG: every width up to its own (never wider), in AVIF and WebP, each served with its type and size', async () => {
      const res = await upload(await photo(1000, 700, 'png'), 'image/png')
      assert.equal(res.statusCode, 201, res.body)
      const media = res.json()
      assert.deepEqual(media.widths, [320, 640, 960, 1000])
      assert.deepEqual([media.width, media.height], [1000, 700])
      assert.equal(media.url, `/media/u/${media.id}/1000.webp`)
      for (const width of media.widths) {
        for (const [format, type] of [
          ['avif', 'image/avif'],
          ['webp', 'image/webp'],
        ]) {
          const file = await app.inject({ url: `/media/u/${media.id}/${width}.${format}` })
          assert.equal(file.statusCode, 200, `${width}.${format}`)
          assert.equal(file.headers['content-type'], type)
          assert.match(String(file.headers['cache-control']), /immutable/)
          const meta = await sharp(file.rawPayload).metadata()
          assert.equal(meta.width, width)
          assert.equal(meta.format, format === 'avif' ? 'heif' : 'webp')
        }
      }
      const again = await app.inject({
        url: media.url,
        headers: { 'if-none-match': String((await app.inject({ url: media.url })).headers.etag) },
      })
      assert.equal(again.statusCode, 304)
      const audit = await app.inject({
        url: `/api/owner/audit?entity=media&entityId=${media.id}`,
        headers: owner.headers,
      })
      assert.equal(audit.json()[0]?.action, 'create', audit.body)
      assert.equal(audit.json()[0]?.actor.email, staff.email)
    })

    test('a large JPEG is cut down to 1920 wide; a small one stays as it is; the same bytes are the same image', async () => {
      const big = await upload(await photo(2400, 1600), 'image/jpeg')
      assert.equal(big.statusCode, 201, big.body)
      assert.deepEqual(big.json().widths, [320, 640, 960, 1280, 1920])
      assert.equal(big.json().height, 1280)
      const bytes = await photo(200, 100)
      const small = await upload(bytes)
      assert.deepEqual(small.json().widths, [200])
      assert.equal((await upload(bytes)).json().id, small.json().id)
    })

    test('the real type counts, not the name: an SVG with a script sent as a .jpg is refused, so is text', async () => {
      for (const [payload, type] of [
        [SCRIPTED_SVG, 'image/jpeg'],
        [SCRIPTED_SVG, 'image/svg+xml'],
        [Buffer.from('just some text, named photo.png'), 'image/png'],
      ] as const) {
        const res = await upload(payload, type)
        assert.equal(res.statusCode, 400, res.body)
        assert.equal(res.json().type, 'not_an_image')
        assert.equal(res.json().details[0].field, 'file')
      }
      const empty = await upload(Buffer.alloc(0))
      assert.equal(empty.statusCode, 400, empty.body)
    })

    test('too large a file is 413 file_too_large; too many pixels (a decompression bomb) 400 image_too_large', async () => {
      const huge = await upload(Buffer.alloc(21 * 1024 * 1024, 7), 'image/jpeg')
      assert.equal(huge.statusCode, 413, huge.body)
      assert.equal(huge.json().type, 'file_too_large')
      const bomb = await sharp({ create: { width: 9000, height: 5000, channels: 3, background: '#000' } })
        .png({ compressionLevel: 9 })
        .toBuffer()
      assert.ok(bomb.length < 1024 * 1024, `the bomb is small: ${bomb.length}`)
      const res = await upload(bomb, 'image/png')
      assert.equal(res.statusCode, 400, res.body)
      assert.equal(res.json().type, 'image_too_large')
    })

    test('unknown files are 404', async () => {
      for (const url of [
        '/media/u/0123456789abcdef0123456789abcdef/320.webp',
        '/media/u/nope/320.webp',
        '/media/u/0123456789abcdef0123456789abcdef/320.png',
      ]) {
        assert.equal((await app.inject({ url })).statusCode, 404, url)
      }
    })

    test("the media directory's images narrowed to a width of the ladder, never wider than the file (ADR 0074)", async () => {
      const original = await sharp(
        new URL('../../../../../demo/images/products/kite.webp', import.meta.url).pathname,
      ).metadata()
      for (const [width, expected] of [
        [320, 320],
        [1920, original.width],
      ] as const) {
        const res = await app.inject({ url: `/media/w/${width}/products/kite.webp` })
        assert.equal(res.statusCode, 200, res.body)
        assert.equal(res.headers['content-type'], 'image/webp')
        assert.equal(res.headers['cache-control'], 'public, max-age=604800')
        const made = await sharp(res.rawPayload).metadata()
        assert.deepEqual([made.format, made.width], ['webp', expected])
        const again = await app.inject({
          url: `/media/w/${width}/products/kite.webp`,
          headers: { 'if-none-match': String(res.headers.etag) },
        })
        assert.equal(again.statusCode, 304)
      }
      for (const url of [
        '/media/w/333/products/kite.webp',
        '/media/w/320/products/no-such-kite.webp',
        '/media/w/320/products/../../../package.json',
        '/media/w/320/%2e%2e/%2e%2e/package.json',
        '/media/w/320/LICENSE-fluent-emoji.md',
        '/media/w/320/u/0123456789abcdef0123456789abcdef/320.webp',
      ]) {
        assert.equal((await app.inject({ url })).statusCode, 404, url)
      }
      // The directory's own file is still there as it is.
      assert.equal((await app.inject({ url: '/media/products/kite.webp' })).statusCode, 200)
    })
  })
}
