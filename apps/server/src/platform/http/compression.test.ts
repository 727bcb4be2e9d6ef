import assert from 'node:assert/strict'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { type ClientRequest, request as httpRequest } from 'node:http'
import { join } from 'node:path'
import { PassThrough } from 'node:stream'
import { describe, test } from 'node:test'
import { brotliDecompressSync, createBrotliDecompress, gunzipSync } from 'node:zlib'
import Fastify, { type FastifyInstance } from 'fastify'
import { seedDemo } from '../../../../../demo/seed.ts'
import { createTestApp } from '../testing/test-app.ts'
import { registerCompression } from './compression.ts'

/**
 * Every compressible answer (API JSON, server-rendered HTML, the built JS and CSS) goes out as brotli when the
 * client takes it, gzip when it takes only gzip, as it is otherwise; the hashed assets keep their year's cache.
 * Needs the storefront build (`npm test` makes it first).
 */
describe('compression', async () => {
  const { app, database, config } = await createTestApp('sqlite')
  await seedDemo(database.db)
  const assetsDir = join(config.webBuildDir, 'client', 'assets')
  assert.ok(existsSync(assetsDir), `no storefront build at ${config.webBuildDir}: run npm run build`)
  const biggest = (extension: string) =>
    readdirSync(assetsDir)
      .filter((name) => name.endsWith(extension))
      .map((name) => ({ name, size: statSync(join(assetsDir, name)).size }))
      .sort((a, b) => b.size - a.size)[0]?.name
  const js = biggest('.js')
  const css = biggest('.css')
  const api = { 'accept-language': 'en', currency: 'USD', 'site-code': 'us' }
  const answers = [
    { name: 'an API JSON list', url: '/api/catalogue/products?pageSize=15&expand=prices', headers: api },
    { name: 'a server-rendered page', url: '/', headers: {} },
    { name: 'a hashed JS asset', url: `/assets/${js}`, headers: {} },
    { name: 'a hashed CSS asset', url: `/assets/${css}`, headers: {} },
  ]

  for (const { name, url, headers } of answers) {
    test(`${name} is brotli, gzip or identity by what the client accepts`, async () => {
      const plain = await app.inject({ url, headers })
      assert.equal(plain.statusCode, 200, `${url}: ${plain.body.slice(0, 200)}`)
      assert.equal(plain.headers['content-encoding'], undefined, 'no Accept-Encoding: as it is')
      assert.ok(plain.rawPayload.length > 1024, `${url} is big enough to be worth compressing`)

      const identity = await app.inject({ url, headers: { ...headers, 'accept-encoding': 'identity' } })
      assert.equal(identity.headers['content-encoding'], undefined)
      assertSameDocument(identity.body, plain.body)

      const br = await app.inject({ url, headers: { ...headers, 'accept-encoding': 'gzip, deflate, br' } })
      assert.equal(br.statusCode, 200)
      assert.equal(br.headers['content-encoding'], 'br')
      assert.match(String(br.headers.vary), /accept-encoding/i)
      assert.ok(br.rawPayload.length < plain.rawPayload.length / 2, 'brotli shrinks it')
      assertSameDocument(brotliDecompressSync(br.rawPayload).toString(), plain.body)
      if (url.startsWith('/assets/'))
        assert.ok(
          br.rawPayload.equals(readFileSync(join(assetsDir, `${url.slice(8)}.br`))),
          'the build-time .br',
        )

      const gzip = await app.inject({ url, headers: { ...headers, 'accept-encoding': 'gzip' } })
      assert.equal(gzip.headers['content-encoding'], 'gzip')
      assert.match(String(gzip.headers.vary), /accept-encoding/i)
      assertSameDocument(gunzipSync(gzip.rawPayload).toString(), plain.body)
      if (url.startsWith('/assets/'))
        assert.ok(
          gzip.rawPayload.equals(readFileSync(join(assetsDir, `${url.slice(8)}.gz`))),
          'the build-time .gz',
        )
    })
  }

  test('hashed assets carry a year of immutable cache, compressed or not', async () => {
    for (const file of [js, css]) {
      for (const encoding of ['br', 'gzip', 'identity']) {
        const res = await app.inject({ url: `/assets/${file}`, headers: { 'accept-encoding': encoding } })
        assert.equal(
          res.headers['cache-control'],
          'public, max-age=31536000, immutable',
          `${file} ${encoding}`,
        )
      }
    }
  })

  test('small answers and images go out as they are', async () => {
    const health = await app.inject({ url: '/api/health', headers: { 'accept-encoding': 'br, gzip' } })
    assert.equal(health.statusCode, 200)
    assert.equal(health.headers['content-encoding'], undefined)
    const image = await app.inject({
      url: '/media/brand/logo.webp',
      headers: { 'accept-encoding': 'br, gzip' },
    })
    assert.equal(image.statusCode, 200)
    assert.equal(image.headers['content-encoding'], undefined)
  })

  test('HEAD and 304 answers have no body, whatever the client accepts', async () => {
    const head = await app.inject({ method: 'HEAD', url: '/', headers: { 'accept-encoding': 'br' } })
    assert.equal(head.statusCode, 200)
    assert.equal(head.rawPayload.length, 0)
    const first = await app.inject({ url: `/assets/${js}`, headers: { 'accept-encoding': 'br' } })
    const etag = first.headers.etag
    assert.ok(etag, 'assets carry an ETag')
    const revalidated = await app.inject({
      url: `/assets/${js}`,
      headers: { 'accept-encoding': 'br', 'if-none-match': String(etag) },
    })
    assert.equal(revalidated.statusCode, 304)
    assert.equal(revalidated.rawPayload.length, 0)
  })
})

/** Server-rendered pages may differ between two renders in what they embed; the rest is compared whole. */
function assertSameDocument(actual: string, expected: string): void {
  if (!expected.startsWith('<!DOCTYPE html>')) {
    assert.equal(actual, expected)
    return
  }
  assert.match(actual, /^<!DOCTYPE html>/)
  assert.match(actual, /<\/html>/)
  assert.ok(Math.abs(actual.length - expected.length) < 200, 'the same page')
}

describe('a streamed answer', () => {
  test('reaches the client chunk by chunk, compressed: each chunk is flushed as it comes', async () => {
    const app: FastifyInstance = Fastify({ forceCloseConnections: true })
    await registerCompression(app)
    const body = new PassThrough()
    app.get('/stream', (_request, reply) => reply.type('text/html; charset=utf-8').send(body))
    await app.listen({ port: 0, host: '127.0.0.1' })
    let client: ClientRequest | undefined
    try {
      const { port } = app.server.address() as { port: number }
      const shell = `<!DOCTYPE html><html><head><title>shell</title></head><body>${'<p>shell</p>'.repeat(200)}`
      client = httpRequest({ port, host: '127.0.0.1', path: '/stream', headers: { 'accept-encoding': 'br' } })
      const request = client
      const firstDecoded = new Promise<string>((resolve, reject) => {
        request.on('response', (res) => {
          assert.equal(res.headers['content-encoding'], 'br')
          const decoder = createBrotliDecompress()
          res.pipe(decoder)
          decoder.once('data', (chunk: Buffer) => resolve(chunk.toString()))
          decoder.on('error', reject)
        })
        request.on('error', reject)
        request.end()
      })
      body.write(shell)
      // The rest of the page is not written until the shell has reached the client, decoded.
      let timer: NodeJS.Timeout | undefined
      const decoded = await Promise.race([
        firstDecoded,
        new Promise<string>((resolve) => {
          timer = setTimeout(() => resolve('(nothing within 5 s)'), 5000)
        }),
      ])
      clearTimeout(timer)
      assert.ok(decoded.startsWith('<!DOCTYPE html>'), `first decoded bytes: ${decoded.slice(0, 60)}`)
    } finally {
      body.end('</body></html>')
      client?.destroy()
      await app.close()
    }
  })
})
