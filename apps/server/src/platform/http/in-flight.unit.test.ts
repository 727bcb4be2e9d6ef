import assert from 'node:assert/strict'
import { test } from 'node:test'
import Fastify from 'fastify'
import { trackInFlight, whenIdle } from './in-flight.ts'

test('whenIdle waits for handlers still running, also after their client has gone', async () => {
  const app = Fastify()
  trackInFlight(app)
  let release = () => {}
  const held = new Promise<void>((resolve) => {
    release = resolve
  })
  app.get('/slow', async () => {
    await held
    return { ok: true }
  })
  app.get('/fast', async () => ({ ok: true }))
  await app.ready()
  assert.equal((await app.inject({ url: '/fast' })).statusCode, 200)
  await whenIdle(app, 1000)

  const response = app.inject({ url: '/slow' })
  await new Promise((r) => setImmediate(r))
  let idle = false
  const waiting = whenIdle(app, 5000).then(() => {
    idle = true
  })
  await new Promise((r) => setTimeout(r, 50))
  assert.equal(idle, false, 'a running handler keeps it busy')
  release()
  await waiting
  assert.equal(idle, true)
  assert.equal((await response).statusCode, 200)
  await app.close()
})

test('whenIdle gives up after its timeout', async () => {
  const app = Fastify()
  trackInFlight(app)
  app.get('/never', () => new Promise(() => {}))
  await app.ready()
  void app.inject({ url: '/never' })
  await new Promise((r) => setImmediate(r))
  const started = performance.now()
  await whenIdle(app, 100)
  assert.ok(performance.now() - started >= 90)
})
