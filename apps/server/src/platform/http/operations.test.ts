import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { createTestApp } from '../testing/test-app.ts'
import { testEngines } from '../testing/test-db.ts'
import { startDraining } from './in-flight.ts'

for (const { engine, skip } of testEngines()) {
  describe(`health, readiness and metrics on ${engine}`, { skip }, async () => {
    const { app } = await createTestApp(engine)

    test('/health: the process answers; /ready: database up, schema current, accepting', async () => {
      const live = await app.inject({ url: '/health' })
      assert.equal(live.statusCode, 200)
      assert.deepEqual(live.json(), { status: 'ok' })
      const ready = await app.inject({ url: '/ready' })
      assert.equal(ready.statusCode, 200)
      assert.deepEqual(ready.json(), {
        status: 'ready',
        checks: { database: true, migrations: true, accepting: true },
      })
    })

    test('every answer carries its request id, also an error', async () => {
      const res = await app.inject({ url: '/api/nope' })
      assert.equal(res.statusCode, 404)
      assert.match(String(res.headers['x-request-id']), /^[0-9a-f-]{36}$/)
      const spoofed = await app.inject({ url: '/health', headers: { 'x-request-id': 'mine' } })
      assert.notEqual(
        spoofed.headers['x-request-id'],
        'mine',
        'not taken from a client without a trusted proxy',
      )
    })

    test('/metrics: Prometheus text with request, order, mail and pool figures, to local clients only', async () => {
      await app.inject({ url: '/api/site/sites' })
      const res = await app.inject({ url: '/metrics' })
      assert.equal(res.statusCode, 200)
      assert.match(String(res.headers['content-type']), /^text\/plain/)
      const text = res.body
      assert.match(
        text,
        /shop_http_requests_total\{method="GET",route="\/api\/site\/sites",status="200"\} \d+/,
      )
      assert.match(
        text,
        /shop_http_request_duration_seconds_bucket\{le="0\.005",method="GET",route="\/api\/site\/sites"\}/,
      )
      assert.match(text, /# TYPE shop_orders_placed_total counter/)
      assert.match(text, /shop_mail_messages\{status="pending"\} 0/)
      assert.match(text, /shop_db_pool_connections\{state="total"\} \d+/)
      assert.match(text, /shop_process_resident_memory_bytes \d+/)
      const remote = await app.inject({ url: '/metrics', remoteAddress: '203.0.113.9' })
      assert.equal(remote.statusCode, 404)
      const proxied = await app.inject({ url: '/metrics', headers: { 'x-forwarded-for': '203.0.113.9' } })
      assert.equal(proxied.statusCode, 404)
    })

    test('/metrics with METRICS_TOKEN: the bearer opens it from anywhere, nothing else does', async () => {
      const { app: tokened } = await createTestApp(engine, { METRICS_TOKEN: 'scrape-me' })
      const remote = { remoteAddress: '203.0.113.9' }
      assert.equal((await tokened.inject({ url: '/metrics', ...remote })).statusCode, 404)
      assert.equal(
        (await tokened.inject({ url: '/metrics', ...remote, headers: { authorization: 'Bearer wrong' } }))
          .statusCode,
        404,
      )
      const ok = await tokened.inject({
        url: '/metrics',
        ...remote,
        headers: { authorization: 'Bearer scrape-me' },
      })
      assert.equal(ok.statusCode, 200)
    })

    test('/ready answers 503 once a stop has begun', async () => {
      const { app: stopping } = await createTestApp(engine)
      startDraining(stopping)()
      const res = await stopping.inject({ url: '/ready' })
      assert.equal(res.statusCode, 503)
      assert.equal(res.json().checks.accepting, false)
    })
  })
}
