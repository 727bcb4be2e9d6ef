import assert from 'node:assert/strict'
import { once } from 'node:events'
import { createServer, type Server, type Socket } from 'node:net'
import { after, describe, test } from 'node:test'
import { openDatabase } from '../apps/server/src/platform/db/database.ts'
import { pickProduct, shopper } from './support/orders.ts'
import { engines, type RunningShop, startShop } from './support/shop.ts'
import { startSmtp, uniqueEmail } from './support/smtp.ts'

/**
 * Mail is never lost (issue 13, docs/decisions/0026): (1) the order confirmation owed by an answered order
 * survives `kill -9` of the process that answered it, before it could send, with two processes on one database,
 * and is delivered exactly once; (2) SIGTERM in the middle of a checkout load drains: the process exits 0, every
 * order answered 201 exists and every one of them gets exactly one confirmation.
 */
const env = { WEB_BUILD_DIR: '/nonexistent', CHECKOUT_SWEEP_SECONDS: '3600', MAIL_LEASE_SECONDS: '3' }

/** An SMTP server that accepts connections and never answers: a send through it hangs. */
async function silentSmtp(): Promise<{ url: string; close(): void }> {
  const sockets: Socket[] = []
  const server: Server = createServer((socket) => sockets.push(socket))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as { port: number }).port
  return {
    url: `smtp://127.0.0.1:${port}`,
    close: () => {
      for (const s of sockets) s.destroy()
      server.close()
    },
  }
}

const mailRows = (databaseUrl: string) => {
  const handle = openDatabase(databaseUrl, { poolSize: 2 })
  const rows = (email: string) =>
    handle.db
      .withTables<{ mail_messages: { recipient: string; status: string; subject: string } }>()
      .selectFrom('mail_messages')
      .select(['status', 'subject'])
      .where('recipient', '=', email)
      .execute()
  return { rows, close: () => handle.close() }
}

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await probe()
    if (value !== undefined) return value
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 100))
  }
}

for (const { engine, skip } of engines) {
  describe(`mail reliability on ${engine}`, { skip }, () => {
    test('kill -9 after the answer, before the send: delivered once by the other processes', async () => {
      const smtp = await startSmtp()
      const silent = await silentSmtp()
      after(async () => {
        silent.close()
        await smtp.close()
      })
      const real = { ...env, SMTP_URL: `smtp://127.0.0.1:${smtp.port}` }
      // the process that answers can never send: its SMTP server hangs
      const doomed = await startShop(engine, { ...env, SMTP_URL: silent.url })
      const other = await startShop(engine, real, { databaseUrl: doomed.databaseUrl })
      let restarted: RunningShop | undefined
      // the processes on the database stop before its owner drops it
      after(async () => {
        await restarted?.stop()
        await other.stop()
        await doomed.stop()
      })
      const { productId, db, close } = await pickProduct(doomed.databaseUrl)
      after(close)
      await db.updateTable('products').set({ stock: 1000 }).where('id', '=', productId).execute()
      const mail = mailRows(doomed.databaseUrl)
      after(mail.close)

      const email = uniqueEmail('kill9')
      const { buyer, order } = await shopper(doomed.url, productId, 1, undefined, email)
      const res = await order(doomed.url, await buyer())
      assert.equal(res.status, 201, await res.clone().text())
      // the answering process took the mail for its (hanging) SMTP server: it dies holding the lease
      await until('the mail to be claimed', async () =>
        (await mail.rows(email)).some((r) => r.status !== 'pending') ? true : undefined,
      )
      doomed.child.kill('SIGKILL')
      await once(doomed.child, 'exit')
      restarted = await startShop(engine, real, { databaseUrl: doomed.databaseUrl })

      const text = await smtp.textFor(email)
      assert.match(text, /Subject: Your order ORD-/)
      await until('the mail to be marked sent', async () =>
        (await mail.rows(email)).every((r) => r.status === 'sent') ? true : undefined,
      )
      await new Promise((r) => setTimeout(r, 3000)) // past another lease: nobody sends it again
      assert.equal(smtp.count(email), 1, 'delivered exactly once')
      assert.equal((await mail.rows(email)).length, 1)
    })

    test('SIGTERM during a checkout load: exits 0, every answered order exists with exactly one mail', async () => {
      const smtp = await startSmtp()
      after(() => smtp.close())
      const real = { ...env, SMTP_URL: `smtp://127.0.0.1:${smtp.port}` }
      const shop = await startShop(engine, real)
      let restarted: RunningShop | undefined
      after(async () => {
        await restarted?.stop()
        await shop.stop()
      })
      const { productId, db, close } = await pickProduct(shop.databaseUrl)
      after(close)
      await db.updateTable('products').set({ stock: 10_000 }).where('id', '=', productId).execute()
      const email = uniqueEmail('drain')
      const { buyer, order } = await shopper(shop.url, productId, 1, undefined, email)
      const queue = await Promise.all(Array.from({ length: 60 }, buyer))
      const answered: string[] = []
      const failures: number[] = []
      let signalled = false
      const exit = once(shop.child, 'exit')
      const worker = async () => {
        for (let b = queue.shift(); b; b = queue.shift()) {
          try {
            const res = await order(shop.url, b)
            if (res.status === 201) answered.push((await res.json()).orderId)
            else failures.push(res.status)
          } catch {
            // refused: the process no longer accepts connections
          }
          if (answered.length >= 10 && !signalled) {
            signalled = true
            shop.child.kill('SIGTERM')
          }
        }
      }
      await Promise.all(Array.from({ length: 8 }, worker))
      const [code] = await exit
      assert.ok(signalled)
      assert.equal(code, 0, 'a drained stop exits 0')
      assert.ok(
        failures.every((s) => s < 500 || s === 503),
        `no 5xx but 503 while closing: ${failures}`,
      )
      const orders = await db.selectFrom('orders').select('id').where('email', '=', email).execute()
      assert.deepEqual(
        orders.map((o) => o.id).sort(),
        [...answered].sort(),
        'every 201 order exists, no other',
      )

      // what the stopped process had not sent yet goes out from the next one
      restarted = await startShop(engine, real, { databaseUrl: shop.databaseUrl })
      await until(`${answered.length} confirmations`, async () =>
        smtp.count(email) >= answered.length ? true : undefined,
      )
      await new Promise((r) => setTimeout(r, 1000))
      assert.equal(smtp.count(email), answered.length, 'one confirmation per answered order')
      for (const id of answered) assert.equal(smtp.count(email, id), 1, `one mail for ${id}`)
    })
  })
}
