import assert from 'node:assert/strict'
import { mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { after, test } from 'node:test'
import { sql } from 'kysely'
import { openDatabase } from './database.ts'
import { startCheckpointer } from './sqlite-checkpointer.ts'

const MB = 1024 * 1024
const dir = mkdtempSync(join(tmpdir(), 'shop-checkpoint-'))
after(() => rmSync(dir, { recursive: true, force: true }))

const size = (file: string) => statSync(file, { throwIfNoEntry: false })?.size ?? 0

async function until(check: () => boolean, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out')
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

/**
 * A SQLite file's checkpoints run on a thread of their own (docs/decisions/0083): with the main connection's own
 * checkpoint only a backstop at 64 MB, what it commits still reaches the database file and the write-ahead log is
 * reused rather than grown; closing the handle ends the thread and leaves every row in the file.
 */
test('a file database is checkpointed off the main connection, and its log is reused', async () => {
  const file = join(dir, 'shop.sqlite')
  const handle = openDatabase(file)
  const { db } = handle
  await sql`create table filler (id integer primary key, body text not null)`.execute(db)
  const row = 'x'.repeat(3000)
  let written = 0
  let largestLog = 0
  // 40 MB in batches of 2 MB (about 2.8 MB of log each), as a shop writes: with pauses between.
  for (let batch = 0; batch < 20; batch++) {
    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < 700; i++) await sql`insert into filler (body) values (${row})`.execute(trx)
    })
    written += 700 * row.length
    largestLog = Math.max(largestLog, size(`${file}-wal`))
    await until(() => size(file) >= written)
    await new Promise((resolve) => setTimeout(resolve, 150))
  }
  assert.ok(written > 40 * MB)
  assert.ok(
    largestLog < 12 * MB,
    `the log reached ${(largestLog / MB).toFixed(1)} MB for ${(written / MB).toFixed(0)} MB written`,
  )
  await handle.close()

  const again = openDatabase(file)
  const { rows } = await sql<{ count: number }>`select count(*) as count from filler`.execute(again.db)
  assert.equal(rows[0]?.count, 20 * 700)
  await again.close()
})

/**
 * The thread runs only while there is something to copy (docs/decisions/0096): it ends once every frame has been
 * copied for `idleMs`, and the next change the main connection makes starts it again, which copies that change too.
 */
test('the checkpoint thread ends when idle and starts again on the next change', async () => {
  const file = join(dir, 'idle.sqlite')
  const main = new DatabaseSync(file)
  main.exec('PRAGMA journal_mode = WAL; PRAGMA wal_autocheckpoint = 0;')
  const checkpointer = startCheckpointer(file, main, { idleMs: 200 })
  try {
    assert.equal(checkpointer.running(), false, 'no thread before the first change')
    main.exec(`create table filler (id integer primary key, body text not null)`)
    main.exec(`insert into filler (body) values ('first')`)
    await until(() => checkpointer.running())
    await until(() => !checkpointer.running())
    const before = size(file)
    const insert = main.prepare('insert into filler (body) values (?)')
    main.exec('begin')
    for (let i = 0; i < 300; i++) insert.run('y'.repeat(3000))
    main.exec('commit')
    await until(() => checkpointer.running())
    // The file receives the rows from the thread alone: the connection's own checkpoint is switched off.
    await until(() => size(file) >= before + 300 * 3000)
    await until(() => !checkpointer.running())
  } finally {
    await checkpointer.stop()
    main.close()
  }
})

test('a main connection closed without stop() ends the watch quietly', async () => {
  const file = join(dir, 'closed.sqlite')
  const main = new DatabaseSync(file)
  main.exec('PRAGMA journal_mode = WAL;')
  const checkpointer = startCheckpointer(file, main, { idleMs: 100 })
  main.close()
  // The watch reads the closed connection on its next tick; an error there would end this test file.
  await new Promise((resolve) => setTimeout(resolve, 600))
  assert.equal(checkpointer.running(), false)
  await checkpointer.stop()
})
