import { randomBytes } from 'node:crypto'
import { after } from 'node:test'
import pg from 'pg'
import { type DatabaseHandle, type Engine, openDatabase } from '../db/database.ts'
import { migrateToLatest } from '../db/migrate.ts'

export interface TestEngine {
  engine: Engine
  /** A reason when this engine cannot run here; node:test reports the suite as skipped with it. */
  skip: string | false
}

/**
 * The engines a data test runs on: SQLite always, PostgreSQL when TEST_DATABASE_URL names a server
 * (scripts/test.ts sets it when one answers on 127.0.0.1:5432; CI requires it).
 */
export function testEngines(): TestEngine[] {
  return [
    { engine: 'sqlite', skip: false },
    { engine: 'postgres', skip: process.env.TEST_DATABASE_URL ? false : 'TEST_DATABASE_URL is not set' },
  ]
}

/** A fresh, migrated database of its own for the calling test file, dropped when the file ends. */
export async function createTestDatabase(engine: Engine): Promise<DatabaseHandle> {
  if (engine === 'sqlite') {
    const handle = openDatabase(':memory:')
    await migrateToLatest(handle.db)
    after(() => handle.close())
    return handle
  }
  const adminUrl = process.env.TEST_DATABASE_URL
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set')
  const name = `shop_test_${randomBytes(6).toString('hex')}`
  await adminQuery(adminUrl, `CREATE DATABASE ${name}`)
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  const handle = openDatabase(url.toString(), { poolSize: 20 })
  await migrateToLatest(handle.db)
  const close = async () => {
    await handle.close()
    await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
  }
  after(close)
  return { ...handle, close }
}

async function adminQuery(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    await client.query(statement)
  } finally {
    await client.end()
  }
}
