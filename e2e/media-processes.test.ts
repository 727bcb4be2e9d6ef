import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { copyFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { after, describe, test } from 'node:test'
import { MEDIA_FORMATS } from '@shop/contracts/media'
import pg from 'pg'
import sharp from 'sharp'
import { photo } from '../apps/server/src/modules/media/media.testing.ts'
import { engines, startShop } from './support/shop.ts'
import { account } from './support/staff.ts'

/**
 * Uploaded images live in the database (docs/decisions/0047-uploaded-images.md): two shop processes on one
 * database, an image uploaded through one is served in every size and format by the other; a backup of the
 * database (`npm run backup`) restored into a new shop serves it too.
 */
const root = resolve(import.meta.dirname, '..')
const env = { WEB_BUILD_DIR: '/nonexistent', CHECKOUT_SWEEP_SECONDS: '3600' }
const cleanups: Array<() => Promise<void> | void> = []
after(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup()
})

function backup(databaseUrl: string, directory: string): string {
  const run = spawnSync(
    process.execPath,
    ['--disable-warning=ExperimentalWarning', join(root, 'scripts/backup.ts'), directory],
    { cwd: root, env: { ...process.env, DATABASE_URL: databaseUrl }, encoding: 'utf8' },
  )
  assert.equal(run.status, 0, run.stderr)
  return join(directory, readdirSync(directory).find((name) => name.startsWith('shop-')) ?? '')
}

async function restore(engine: string, taken: string, scratch: string): Promise<string> {
  if (engine === 'sqlite') {
    const file = join(scratch, 'restored.sqlite')
    copyFileSync(join(taken, 'shop.sqlite'), file)
    return file
  }
  const admin = process.env.TEST_DATABASE_URL ?? ''
  const name = `shop_media_restore_${randomBytes(6).toString('hex')}`
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

/** Every size and format of the upload, each answered 200 with an image of that width. */
async function servesEverySize(shopUrl: string, media: { id: string; widths: number[] }) {
  for (const width of media.widths) {
    for (const format of MEDIA_FORMATS) {
      const res = await fetch(`${shopUrl}/media/u/${media.id}/${width}.${format}`)
      assert.equal(res.status, 200, `${shopUrl} ${width}.${format}`)
      assert.equal(res.headers.get('content-type'), `image/${format}`)
      const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata()
      assert.equal(meta.width, width)
    }
  }
}

for (const { engine, skip } of engines) {
  describe(`uploaded images across processes and backups on ${engine}`, { skip }, () => {
    test('uploaded through one process, served by the other; restored from a backup, served by a new shop', async () => {
      const first = await startShop(engine, env)
      cleanups.push(() => first.stop())
      const second = await startShop(engine, env, { databaseUrl: first.databaseUrl })
      cleanups.push(() => second.stop())
      const staff = await account(first.url, first.databaseUrl, 'catalogue')
      const res = await fetch(`${first.url}/api/owner/media`, {
        method: 'POST',
        headers: { authorization: `Bearer ${staff.token}`, 'content-type': 'image/jpeg' },
        body: new Uint8Array(await photo(1500, 1000)),
      })
      assert.equal(res.status, 201, await res.clone().text())
      const media = (await res.json()) as { id: string; widths: number[] }
      assert.deepEqual(media.widths, [320, 640, 960, 1280, 1500])
      await servesEverySize(second.url, media)
      await servesEverySize(first.url, media)

      const scratch = mkdtempSync(join(tmpdir(), 'shop-media-backup-'))
      cleanups.push(() => rmSync(scratch, { recursive: true, force: true }))
      const taken = backup(first.databaseUrl, join(scratch, 'backups'))
      const restored = await startShop(engine, env, { databaseUrl: await restore(engine, taken, scratch) })
      cleanups.push(() => restored.stop())
      await servesEverySize(restored.url, media)
    })
  })
}
