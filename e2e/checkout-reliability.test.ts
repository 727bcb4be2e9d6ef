import assert from 'node:assert/strict'
import { once } from 'node:events'
import { after, before, describe, test } from 'node:test'
import { pickProduct, shopper } from './support/orders.ts'
import { engines, type RunningShop, startShop } from './support/shop.ts'

/**
 * The checkout under load on the real shop (docs/decisions/0008): (1) 50 parallel checkouts for the last 5
 * units over two server processes on one database give exactly 5 orders and 45 clean 409 out_of_stock, 20
 * times over; (2) `kill -9` of a server in the middle of a checkout load, then a restart on the same database:
 * every order answered 201 exists and stock plus ordered units is the starting stock.
 */
// API only (no storefront build needed), no sweeps during the test unless asked for
const env = { WEB_BUILD_DIR: '/nonexistent', CHECKOUT_SWEEP_SECONDS: '3600' }

for (const { engine, skip } of engines) {
  describe(`checkout reliability on ${engine}`, { skip }, () => {
    let first: RunningShop
    let second: RunningShop
    before(async () => {
      first = await startShop(engine, env)
      second = await startShop(engine, env, { databaseUrl: first.databaseUrl })
    })
    after(async () => {
      await second?.stop()
      await first?.stop()
    })

    test('50 parallel checkouts for the last 5 units over two processes: 5 orders, 45 out_of_stock, ×20', async () => {
      const { productId, db, close } = await pickProduct(first.databaseUrl)
      after(close)
      await db.updateTable('products').set({ stock: 1000 }).where('id', '=', productId).execute()
      const { buyer, order } = await shopper(first.url, productId)
      let buyers = await Promise.all(Array.from({ length: 50 }, buyer))
      for (let round = 0; round < 20; round++) {
        await db.updateTable('products').set({ stock: 5 }).where('id', '=', productId).execute()
        const ordersBefore = (await db.selectFrom('orders').select('id').execute()).length
        const answers = await Promise.all(
          buyers.map(async (b, i) => {
            const res = await order(i % 2 ? second.url : first.url, b)
            return { buyer: b, status: res.status, body: await res.json() }
          }),
        )
        const placed = answers.filter((a) => a.status === 201)
        const refused = answers.filter((a) => a.status === 409)
        assert.equal(placed.length, 5, `round ${round}: ${answers.map((a) => a.status).join(',')}`)
        assert.equal(refused.length, 45)
        for (const a of refused) {
          assert.equal(a.body.type, 'out_of_stock', JSON.stringify(a.body))
          assert.equal(a.body.details[0].type, 'out_of_stock')
        }
        const product = await db
          .selectFrom('products')
          .select('stock')
          .where('id', '=', productId)
          .executeTakeFirstOrThrow()
        assert.equal(product.stock, 0, `round ${round}: never below zero, every unit sold once`)
        assert.equal((await db.selectFrom('orders').select('id').execute()).length, ordersBefore + 5)
        // the 45 refused carts are still open and their cards unused: they try again next round
        await db.updateTable('products').set({ stock: 1000 }).where('id', '=', productId).execute()
        const fresh = await Promise.all(placed.map(() => buyer()))
        buyers = [...refused.map((a) => a.buyer), ...fresh]
      }
    })

    test('kill -9 during a checkout load, restart: every 201 order exists, stock + ordered = start', async () => {
      const { productId, db, close } = await pickProduct(first.databaseUrl)
      after(close)
      await db.updateTable('products').set({ stock: 1000 }).where('id', '=', productId).execute()
      const { buyer, order } = await shopper(first.url, productId)
      const buyers = await Promise.all(Array.from({ length: 60 }, buyer))
      const start = 40
      await db.updateTable('products').set({ stock: start }).where('id', '=', productId).execute()
      const orderedUnits = async () =>
        Number(
          (
            await db
              .selectFrom('order_entries')
              .select((eb) => eb.fn.sum<number>('quantity').as('n'))
              .where('product_id', '=', productId)
              .executeTakeFirstOrThrow()
          ).n ?? 0,
        )
      const unitsBefore = await orderedUnits()
      const stockBefore = start

      const victim = await startShop(engine, env, { databaseUrl: first.databaseUrl })
      after(() => victim.stop())
      const answered: string[] = []
      let killed = false
      const queue = [...buyers]
      const worker = async () => {
        for (let b = queue.shift(); b; b = queue.shift()) {
          try {
            const res = await order(victim.url, b)
            if (res.status === 201) answered.push((await res.json()).orderId)
          } catch {
            // the connection died with the process
          }
          if (answered.length >= 8 && !killed) {
            killed = true
            victim.child.kill('SIGKILL')
          }
        }
      }
      await Promise.all(Array.from({ length: 10 }, worker))
      assert.ok(killed, 'the server was killed during the load')
      if (victim.child.exitCode === null && victim.child.signalCode === null) await once(victim.child, 'exit')

      // a restart on the same database recovers what the dead process left half done
      const restarted = await startShop(
        engine,
        { ...env, CHECKOUT_RECOVER_AFTER_SECONDS: '0' },
        { databaseUrl: first.databaseUrl },
      )
      after(() => restarted.stop())
      const open = await db
        .withTables<{ payment_attempts: { id: string; status: string } }>()
        .selectFrom('payment_attempts')
        .select(['id', 'status'])
        .where('status', 'in', ['pending', 'charged', 'recovering'])
        .execute()
      assert.deepEqual(open, [], 'no attempt left half done')
      const orders = await db.selectFrom('orders').select('id').where('id', 'in', answered).execute()
      assert.equal(orders.length, answered.length, 'every order answered 201 exists')
      const product = await db
        .selectFrom('products')
        .select('stock')
        .where('id', '=', productId)
        .executeTakeFirstOrThrow()
      const sold = (await orderedUnits()) - unitsBefore
      assert.ok(sold >= answered.length)
      assert.equal(product.stock + sold, stockBefore, 'stock plus ordered units is the starting stock')
    })
  })
}
