import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { createTestApp } from '../../platform/testing/test-app.ts'
import { testEngines } from '../../platform/testing/test-db.ts'
import { FAST_HASH_ENV, signupCustomer } from '../auth/auth.testing.ts'
import { placeOrder, readyToOrder, shopWithProduct } from '../checkout/checkout.testing.ts'
import { setRole } from '../customer/customer.service.ts'
import { ownerMove } from './order.testing.ts'

type Row = {
  id: string
  status: string
  site_code: string
  email: string
  total_minor: number
  created_at: string
}

/**
 * The staff order list's filters (docs/decisions/0057-staff-orders.md) against the same filter applied to the
 * orders table in the test: every filter alone and a few together, with the total, newest first.
 */
for (const { engine, skip } of testEngines()) {
  describe(`staff order list on ${engine}`, { skip }, async () => {
    const { app, database } = await createTestApp(engine, FAST_HASH_ENV)
    const db = database.db
    const shop = await shopWithProduct(db)
    await db.updateTable('products').set({ stock: 100 }).where('id', '=', shop.productId).execute()
    const clerk = await signupCustomer(app)
    assert.ok(await setRole(db, clerk.email, 'orders'))
    const catalogue = await signupCustomer(app)
    assert.ok(await setRole(db, catalogue.email, 'catalogue'))
    const placed: string[] = []
    for (let i = 0; i < 6; i++) {
      const ready = await readyToOrder(app, shop, { quantity: 1 + (i % 3) })
      const res = await placeOrder(app, ready.token, ready.body)
      assert.equal(res.statusCode, 201, res.body)
      placed.push(res.json().orderId)
    }
    // Spread them over days and sites (the checkout stamps now and the one site of the fixture).
    for (const [i, id] of placed.entries()) {
      await db
        .updateTable('orders')
        .set({ created_at: `2026-03-0${1 + i}T${10 + i}:00:00.000Z`, site_code: i % 2 ? 'eu' : 'us' })
        .where('id', '=', id)
        .execute()
    }
    await db
      .updateTable('orders')
      .set({ email: 'Jane.Roe@Example.com' })
      .where('id', '=', placed[3] ?? '')
      .execute()
    const rows = (await db.selectFrom('orders').selectAll().execute()) as Row[]
    const newestFirst = (a: Row, b: Row) =>
      b.created_at.localeCompare(a.created_at) || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0)
    const list = (qs: string, who = clerk) =>
      app.inject({
        url: `/api/owner/orders?${qs.includes('pageSize') ? '' : 'pageSize=200&'}${qs}`,
        headers: who.headers,
      })

    test('each filter gives what the orders table holds, newest first, with the total', async () => {
      const cases: Array<[string, (r: Row) => boolean]> = [
        ['', () => true],
        ['site=eu', (r) => r.site_code === 'eu'],
        ['from=2026-03-02&to=2026-03-04', (r) => r.created_at >= '2026-03-02' && r.created_at < '2026-03-05'],
        ['q=jane.roe', (r) => r.email.toLowerCase().includes('jane.roe')],
        [`q=${placed[2]?.slice(0, 7).toLowerCase()}`, (r) => r.id.startsWith(placed[2]?.slice(0, 7) ?? '-')],
        [`minTotalMinor=${rows[1]?.total_minor}`, (r) => r.total_minor >= (rows[1]?.total_minor ?? 0)],
        ['maxTotalMinor=1', (r) => r.total_minor <= 1],
        ['site=us&from=2026-03-03', (r) => r.site_code === 'us' && r.created_at >= '2026-03-03'],
        ['q=%25', () => false],
      ]
      for (const [qs, keep] of cases) {
        const res = await list(qs)
        assert.equal(res.statusCode, 200, `${qs}: ${res.body}`)
        const expected = rows.filter(keep).sort(newestFirst)
        assert.deepEqual(
          res.json().map((o: { id: string }) => o.id),
          expected.map((r) => r.id),
          qs,
        )
        assert.equal(res.headers['x-total-count'], String(expected.length), qs)
      }
    })

    test('paging: two pages of two, then the rest', async () => {
      const expected = [...rows].sort(newestFirst).map((r) => r.id)
      const pages = await Promise.all([1, 2, 3].map((n) => list(`pageSize=2&pageNumber=${n}`)))
      assert.deepEqual(
        pages.flatMap((p) => p.json().map((o: { id: string }) => o.id)),
        expected,
      )
    })

    test('bad filters are 400 naming the field', async () => {
      for (const [qs, field] of [
        ['from=2026-3-1', 'from'],
        ['minTotalMinor=-1', 'minTotalMinor'],
        ['status=LOST', 'status'],
      ]) {
        const res = await list(qs ?? '')
        assert.equal(res.statusCode, 400, qs)
        assert.match(res.body, new RegExp(field ?? ''), qs)
      }
    })

    test('the order staff read and move orders; the catalogue staff may not', async () => {
      const id = placed[0] ?? ''
      assert.equal((await ownerMove(app, clerk.headers, id, 'CONFIRMED')).statusCode, 200)
      assert.equal((await list('', catalogue)).statusCode, 403)
      assert.equal((await ownerMove(app, catalogue.headers, id, 'PAID')).statusCode, 403)
    })
  })
}
