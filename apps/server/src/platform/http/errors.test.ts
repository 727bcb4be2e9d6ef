import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { createTestApp } from '../testing/test-app.ts'
import { testEngines } from '../testing/test-db.ts'

for (const { engine, skip } of testEngines()) {
  describe(`error shape on ${engine}`, { skip }, () => {
    test('unknown routes answer 404 in the one error shape', async () => {
      const { app } = await createTestApp(engine)
      const res = await app.inject({ method: 'GET', url: '/api/nope' })
      assert.equal(res.statusCode, 404)
      assert.deepEqual(Object.keys(res.json()).sort(), ['details', 'message', 'status', 'type'])
    })

    test('the OpenAPI document is served', async () => {
      const { app } = await createTestApp(engine)
      const res = await app.inject({ method: 'GET', url: '/api/openapi.json' })
      assert.equal(res.statusCode, 200)
      assert.equal(res.json().openapi, '3.1.0')
    })
  })
}
