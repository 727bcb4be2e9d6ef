import assert from 'node:assert/strict'
import { after, describe, test } from 'node:test'
import { sql } from 'kysely'
import pg from 'pg'
import { createTestDatabase } from '../testing/test-db.ts'
import { nameStatements } from './pg-statements.ts'

const url = process.env.TEST_DATABASE_URL
const skip = url ? false : 'TEST_DATABASE_URL is not set'

/** The statements this session has prepared (PostgreSQL's own view of them). */
async function prepared(client: pg.Client): Promise<string[]> {
  const own = 'select statement from pg_prepared_statements order by prepare_time'
  const { rows } = await client.query<{ statement: string }>(own)
  return rows.map((r) => r.statement).filter((s) => s !== own)
}

describe('named statements on PostgreSQL', { skip }, () => {
  const clients: pg.Client[] = []
  after(() => Promise.all(clients.map((c) => c.end())))
  async function connect(limits = { maxNamed: 500, maxParameters: 64 }) {
    const client = new pg.Client({ connectionString: url })
    await client.connect()
    clients.push(client)
    nameStatements(client, limits)
    await client.query('create temporary table things (id int primary key, label text)')
    await client.query("insert into things values (1, 'one'), (2, 'two')")
    return client
  }

  test('a text run a second time is prepared once and answers as before', async () => {
    const client = await connect()
    const text = 'select label from things where id = $1'
    assert.deepEqual((await client.query(text, [1])).rows, [{ label: 'one' }])
    assert.deepEqual(await prepared(client), [], 'the first run goes unnamed')
    assert.deepEqual((await client.query(text, [2])).rows, [{ label: 'two' }])
    assert.deepEqual((await client.query(text, [1])).rows, [{ label: 'one' }])
    assert.deepEqual(await prepared(client), [text])
  })

  test('bulk statements and transaction control are never named; past the limit texts go unnamed', async () => {
    const client = await connect({ maxNamed: 2, maxParameters: 4 })
    const bulk = 'select label from things where id in ($1, $2, $3, $4, $5)'
    for (let i = 0; i < 3; i++) {
      await client.query('begin')
      await client.query(bulk, [1, 2, 3, 4, 5])
      await client.query('commit')
    }
    assert.deepEqual(await prepared(client), [])
    const texts = [1, 2, 3].map((n) => `select label, ${n} as n from things where id = $1`)
    for (const [n, text] of texts.entries()) {
      await client.query(text, [1])
      assert.deepEqual((await client.query(text, [2])).rows, [{ label: 'two', n: n + 1 }])
    }
    assert.deepEqual(await prepared(client), texts.slice(0, 2))
  })

  test('a table that changes shape under a named statement: prepared again, the call answers', async () => {
    const client = await connect()
    const text = 'select * from things where id = $1'
    await client.query(text, [1])
    await client.query(text, [1])
    await client.query('alter table things add column price int')
    assert.deepEqual((await client.query(text, [1])).rows, [{ id: 1, label: 'one', price: null }])
    // Inside a transaction the refusal aborts it: the error stands, and the next call is prepared anew.
    await client.query('alter table things add column stock int')
    await client.query('begin')
    await assert.rejects(client.query(text, [1]), /cached plan must not change result type/)
    await client.query('rollback')
    assert.deepEqual((await client.query(text, [2])).rows, [
      { id: 2, label: 'two', price: null, stock: null },
    ])
  })

  test("the shop's connections name what they run repeatedly (Kysely through the pool)", async () => {
    const handle = await createTestDatabase('postgres')
    const find = () => handle.db.selectFrom('sites').select('code').where('code', '=', 'nowhere').execute()
    for (let i = 0; i < 3; i++) await find()
    const { rows } = await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(
      handle.db,
    )
    assert.ok(
      rows.some((r) => r.statement.startsWith('select "code" from "sites"')),
      JSON.stringify(rows),
    )
  })
})
