import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { createTestApp } from '../../platform/testing/test-app.ts'
import { testEngines } from '../../platform/testing/test-db.ts'
import { FAST_HASH_ENV, signupCustomer } from '../auth/auth.testing.ts'

const address = (n: number, extra: object = {}) => ({
  contactName: `Person ${n}`,
  street: `${n} Main Street`,
  city: 'Springfield',
  state: 'IL',
  zipCode: '62701',
  country: 'US',
  ...extra,
})

for (const { engine, skip } of testEngines()) {
  describe(`address book on ${engine}`, { skip }, async () => {
    const { app } = await createTestApp(engine, FAST_HASH_ENV)

    test('create, list with x-total-count and paging, get, update, delete', async () => {
      const { headers } = await signupCustomer(app)
      const ids: string[] = []
      for (let n = 1; n <= 8; n++) {
        const res = await app.inject({
          method: 'POST',
          url: '/api/customer/me/addresses',
          headers,
          payload: address(n),
        })
        assert.equal(res.statusCode, 201)
        ids.push(res.json().id)
      }
      const page = await app.inject({ method: 'GET', url: '/api/customer/me/addresses?pageSize=6', headers })
      assert.equal(page.headers['x-total-count'], '8')
      assert.equal(page.json().length, 6)
      assert.equal(page.json()[0].id, ids[0])
      assert.equal(page.json()[0].isDefault, true)
      assert.equal(page.json().filter((a: { isDefault: boolean }) => a.isDefault).length, 1)
      const rest = await app.inject({
        method: 'GET',
        url: '/api/customer/me/addresses?pageSize=6&pageNumber=2',
        headers,
      })
      assert.equal(rest.json().length, 2)
      const one = await app.inject({ method: 'GET', url: `/api/customer/me/addresses/${ids[3]}`, headers })
      assert.equal(one.json().street, '4 Main Street')
      const put = await app.inject({
        method: 'PUT',
        url: `/api/customer/me/addresses/${ids[3]}`,
        headers,
        payload: address(4, { street: '4 Side Street', companyName: 'ACME' }),
      })
      assert.equal(put.statusCode, 200)
      assert.equal(put.json().street, '4 Side Street')
      assert.equal(put.json().companyName, 'ACME')
      assert.equal(put.json().isDefault, false)
      const del = await app.inject({ method: 'DELETE', url: `/api/customer/me/addresses/${ids[3]}`, headers })
      assert.equal(del.statusCode, 204)
      const gone = await app.inject({ method: 'GET', url: `/api/customer/me/addresses/${ids[3]}`, headers })
      assert.equal(gone.statusCode, 404)
    })

    test('isDefault moves the default; deleting the default promotes the oldest', async () => {
      const { headers } = await signupCustomer(app)
      const a = (
        await app.inject({ method: 'POST', url: '/api/customer/me/addresses', headers, payload: address(1) })
      ).json()
      assert.equal(a.isDefault, true)
      const b = (
        await app.inject({ method: 'POST', url: '/api/customer/me/addresses', headers, payload: address(2) })
      ).json()
      assert.equal(b.isDefault, false)
      const c = (
        await app.inject({
          method: 'POST',
          url: '/api/customer/me/addresses',
          headers,
          payload: address(3, { isDefault: true }),
        })
      ).json()
      assert.equal(c.isDefault, true)
      const list = (await app.inject({ method: 'GET', url: '/api/customer/me/addresses', headers })).json()
      assert.deepEqual(
        list.map((x: { id: string; isDefault: boolean }) => [x.id, x.isDefault]),
        [
          [c.id, true],
          [a.id, false],
          [b.id, false],
        ],
      )
      await app.inject({
        method: 'PUT',
        url: `/api/customer/me/addresses/${b.id}`,
        headers,
        payload: address(2, { isDefault: true }),
      })
      await app.inject({ method: 'DELETE', url: `/api/customer/me/addresses/${b.id}`, headers })
      const after = (await app.inject({ method: 'GET', url: '/api/customer/me/addresses', headers })).json()
      assert.deepEqual(
        after.map((x: { id: string; isDefault: boolean }) => [x.id, x.isDefault]),
        [
          [a.id, true],
          [c.id, false],
        ],
      )
    })

    test("'USA' is taken as US (spec §9); other three-letter codes stay refused", async () => {
      const { headers } = await signupCustomer(app)
      const post = (country: string) =>
        app.inject({
          method: 'POST',
          url: '/api/customer/me/addresses',
          headers,
          payload: address(1, { country }),
        })
      const created = await post('USA')
      assert.equal(created.statusCode, 201, created.body)
      assert.equal(created.json().country, 'US')
      assert.equal((await post('DEU')).statusCode, 400)
    })

    test('validation: 400 with field details', async () => {
      const { headers } = await signupCustomer(app)
      const res = await app.inject({
        method: 'POST',
        url: '/api/customer/me/addresses',
        headers,
        payload: { ...address(1), country: 'usa', zipCode: '' },
      })
      assert.equal(res.statusCode, 400)
      const fields = res
        .json()
        .details.map((d: { field: string }) => d.field)
        .sort()
      assert.deepEqual(fields, ['body.country', 'body.zipCode'])
    })
  })
}
