import { DatabaseSync } from 'node:sqlite'
import pg from 'pg'

/**
 * Runs statements on a running shop's database (SQLite file or PostgreSQL URL), for journeys that need data the
 * demo catalogue does not have (a third category level) or a real fault (a missing table).
 */
export async function execSql(databaseUrl: string, statements: string[]): Promise<void> {
  if (/^postgres(ql)?:/.test(databaseUrl)) {
    const client = new pg.Client({ connectionString: databaseUrl })
    await client.connect()
    try {
      for (const statement of statements) await client.query(statement)
    } finally {
      await client.end()
    }
    return
  }
  const db = new DatabaseSync(databaseUrl, { timeout: 5000 })
  try {
    for (const statement of statements) db.exec(statement)
  } finally {
    db.close()
  }
}

/** Switches every site of a running shop off, as an owner could, and tells its processes (the settings' version). */
export async function withoutActiveSites(shop: { databaseUrl: string }): Promise<void> {
  await execSql(shop.databaseUrl, [
    'update sites set active = 0',
    "insert into cache_versions (scope, version) values ('settings', 1) on conflict (scope) do update set version = cache_versions.version + 1",
  ])
}
