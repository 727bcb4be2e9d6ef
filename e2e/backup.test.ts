import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { copyFileSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { after, describe, test } from 'node:test'
import pg from 'pg'
import { openDatabase } from '../apps/server/src/platform/db/database.ts'
import { pickProduct, shopper } from './support/orders.ts'
import { engines, startShop } from './support/shop.ts'

/**
 * `npm run backup` on a live shop, then a new shop restored from it as README.md "Backup and restore" says:
 * every order answered before the backup began is in the restored shop, and its media are copied.
 */
const root = resolve(import.meta.dirname, '..')
const env = { WEB_BUILD_DIR: '/nonexistent', CHECKOUT_SWEEP_SECONDS: '3600' }

function backup(databaseUrl: string, directory: string): string {
  const run = spawnSync(
    process.execPath,
    ['--disable-warning=ExperimentalWarning', join(root, 'scripts/backup.ts'), directory],
    { cwd: root, env: { ...process.env, DATABASE_URL: databaseUrl }, encoding: 'utf8' },
  )
  assert.equal(run.status, 0, run.stderr)
  const taken = readdirSync(directory).find((name) => name.startsWith('shop-'))
  assert.ok(taken, 'a shop-<timestamp> directory')
  return join(directory, taken)
}

/** Clean-ups run last in, first out: a shop stops before the database under it is dropped. */
const cleanups: Array<() => Promise<void> | void> = []
after(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup()
})

async function restore(engine: string, taken: string, scratch: string): Promise<string> {
  if (engine === 'sqlite') {
    const file = join(scratch, 'restored.sqlite')
    copyFileSync(join(taken, 'shop.sqlite'), file)
    return file
  }
  const admin = process.env.TEST_DATABASE_URL ?? ''
  const name = `shop_restore_${randomBytes(6).toString('hex')}`
  const client = new pg.Client({ connectionString: admin })
  await client.connect()
  await client.query(`CREATE DATABASE ${name}`)
  await client.end()
  cleanups.push(async () => {
    const c = new pg.Client({ connectionString: admin })
    await c.connect()
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
    await c.end()
  })
  const url = new URL(admin)
  url.pathname = `/${name}`
  const run = spawnSync(
    'pg_restore',
    ['--no-owner', '--dbname', url.toString(), join(taken, 'shop.pgdump')],
    {
      encoding: 'utf8',
    },
  )
  assert.equal(run.status, 0, run.stderr)
  return url.toString()
}

for (const { engine, skip } of engines) {
  describe(`backup and restore on ${engine}`, { skip }, () => {
    test('a backup of the live shop restores into a new shop that has every order', async () => {
      const scratch = mkdtempSync(join(tmpdir(), 'shop-backup-'))
      cleanups.push(() => rmSync(scratch, { recursive: true, force: true }))
      const shop = await startShop(engine, env)
      cleanups.push(() => shop.stop())
      const { productId, db, close } = await pickProduct(shop.databaseUrl)
      cleanups.push(close)
      await db.updateTable('products').set({ stock: 1000 }).where('id', '=', productId).execute()
      const { placeOne, buyer, order } = await shopper(shop.url, productId)
      const before: string[] = []
      for (let i = 0; i < 5; i++) before.push((await placeOne()).orderId)

      // the shop keeps taking orders while the backup is taken
      const buyers = await Promise.all(Array.from({ length: 10 }, buyer))
      const during = Promise.all(buyers.map((b) => order(shop.url, b)))
      const taken = backup(shop.databaseUrl, join(scratch, 'backups'))
      assert.ok((await during).every((r) => r.status === 201))
      assert.ok(existsSync(join(taken, 'media')), 'the media the shop serves are copied')
      assert.ok(readdirSync(join(taken, 'media')).length > 0)

      const restoredUrl = await restore(engine, taken, scratch)
      const restored = await startShop(engine, env, { databaseUrl: restoredUrl })
      cleanups.push(() => restored.stop())
      const handle = openDatabase(restoredUrl, { poolSize: 2 })
      cleanups.push(() => handle.close())
      const ids = (await handle.db.selectFrom('orders').select('id').execute()).map((o) => o.id)
      for (const id of before)
        assert.ok(ids.includes(id), `order ${id} answered before the backup is restored`)
      const entries = await handle.db.selectFrom('order_entries').select('order_id').execute()
      assert.ok(
        ids.every((id) => entries.some((e) => e.order_id === id)),
        'every restored order has its lines (a consistent snapshot)',
      )
      const health = await fetch(`${restored.url}/api/order/orders/${before[0]}`)
      assert.ok(health.status === 401 || health.status === 404, 'the restored shop answers')
    })
  })
}
