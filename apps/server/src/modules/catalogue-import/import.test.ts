import assert from 'node:assert/strict'
import { after, describe, test } from 'node:test'
import { parse } from 'csv-parse/sync'
import { stringify } from 'csv-stringify/sync'
import { sql } from 'kysely'
import { buildApp } from '../../app.ts'
import { insertCategory, insertSite } from '../../platform/testing/fixtures.ts'
import { createTestApp } from '../../platform/testing/test-app.ts'
import { testEngines } from '../../platform/testing/test-db.ts'
import { FAST_HASH_ENV } from '../auth/auth.testing.ts'
import { staffMember } from '../backoffice/backoffice.testing.ts'
import { findImport, setImportStatus } from './import.repository.ts'
import { emptyCounts } from './import.service.ts'
import { catalogueCsv, untilFinished } from './import.testing.ts'
import { runImport } from './import-run.ts'

const IMPORTS = '/api/owner/catalogue/imports'

/** The CSV import and export through HTTP, and what shoppers then find (docs/decisions/0053, 0054). */
for (const { engine, skip } of testEngines()) {
  describe(`catalogue CSV import on ${engine}`, { skip }, async () => {
    const { app, database, config } = await createTestApp(engine, FAST_HASH_ENV)
    const db = database.db
    await insertSite(db, { code: 'us', currency: 'USD', languages: ['en'] })
    await insertSite(db, { code: 'eu', currency: 'EUR', languages: ['de', 'en'] })
    await insertCategory(db, { id: 'lamps' })
    const staff = await staffMember(app, db, 'catalogue')
    const upload = (csv: string, query = '') =>
      app.inject({ method: 'POST', url: `${IMPORTS}${query}`, headers: staff.headers, payload: { csv } })
    const start = (id: string, validOnly?: boolean) =>
      app.inject({
        method: 'POST',
        url: `${IMPORTS}/${id}/start`,
        headers: staff.headers,
        payload: validOnly === undefined ? {} : { validOnly },
      })
    const count = async (prefix: string) =>
      (await db.selectFrom('products').select('id').where('code', 'like', `${prefix}-%`).execute()).length
    const audits = async () =>
      (
        await db
          .selectFrom('audit_log' as never)
          .select('id' as never)
          .execute()
      ).length

    test('a dry run names the bad row in the middle, writes nothing, and the import waits for the choice', async () => {
      const res = await upload(catalogueCsv(30, { prefix: 'BAD', bad: [14] }), '?action=refused')
      assert.equal(res.statusCode, 201, res.body)
      const job = res.json()
      assert.deepEqual(job.preview, { rows: 30, create: 29, update: 0, unchanged: 0, refused: 1 })
      assert.equal(job.rows.length, 1)
      assert.equal(job.rows[0].line, 16)
      assert.equal(job.rows[0].sku, 'BAD-00015')
      assert.equal(job.rows[0].problems[0].column, 'price_USD')
      assert.equal(await count('BAD'), 0)
      const auditsBefore = await audits()

      const refused = await start(job.id)
      assert.equal(refused.statusCode, 409, refused.body)
      assert.equal(refused.json().type, 'refused_rows')
      assert.match(refused.json().message, /line.* 16/)
      assert.equal(refused.json().details[0].field, 'line.16')
      assert.equal(await count('BAD'), 0)
      assert.equal(await audits(), auditsBefore)

      const started = await start(job.id, true)
      assert.equal(started.statusCode, 202, started.body)
      const done = await untilFinished(app, staff.headers, job.id)
      assert.equal(done.status, 'done', JSON.stringify(done))
      assert.deepEqual(done.outcome, { rows: 30, create: 29, update: 0, unchanged: 0, refused: 1 })
      assert.equal(await count('BAD'), 29)
      assert.equal(await audits(), auditsBefore + 29)
      assert.equal((await start(job.id, true)).statusCode, 409)
    })

    test('imported products are searchable and shown to shoppers in their language and currency', async () => {
      const res = await upload(catalogueCsv(40, { prefix: 'SEA', word: 'Zeppelin', categories: 'lamps' }))
      assert.equal(res.json().preview.create, 40, res.body)
      assert.equal((await start(res.json().id)).statusCode, 202)
      assert.equal((await untilFinished(app, staff.headers, res.json().id)).status, 'done')
      const hits = (
        await app.inject({ url: '/api/search/products?q=zeppelin', headers: { 'site-code': 'us' } })
      ).json()
      assert.ok(hits.nbHits >= 40 || hits.hits.length >= 20, JSON.stringify(hits).slice(0, 300))
      const row = await db
        .selectFrom('products')
        .select('id')
        .where('code', '=', 'SEA-00007')
        .executeTakeFirstOrThrow()
      const de = await app.inject({
        url: `/api/catalogue/products/${row.id}?expand=prices`,
        headers: { 'site-code': 'eu', 'accept-language': 'de' },
      })
      assert.equal(de.statusCode, 200, de.body)
      assert.equal(de.json().name, 'Laterne 00007')
      assert.equal(de.json().prices[0].effectiveAmount, 9.5)
      const inCategory = await app.inject({
        url: '/api/catalogue/products?q=category:lamps&pageSize=50',
        headers: { 'site-code': 'us' },
      })
      assert.equal(inCategory.json().length, 40, inCategory.body.slice(0, 200))
    })

    test('export → import changes nothing; a changed cell is an update of that column', async () => {
      const exported = await app.inject({ url: '/api/owner/catalogue/export', headers: staff.headers })
      assert.equal(exported.statusCode, 200, exported.body)
      assert.match(exported.headers['content-type'] as string, /^text\/csv/)
      assert.ok(exported.body.startsWith('\uFEFF'))
      const lines = exported.body.trimEnd().split('\n')
      assert.equal(lines.length, 1 + (await db.selectFrom('products').select('id').execute()).length)
      const againRes = await upload(exported.body)
      assert.equal(againRes.statusCode, 201, againRes.body.slice(0, 500))
      const again = againRes.json()
      assert.equal(again.preview.unchanged, lines.length - 1, JSON.stringify(again.preview))
      assert.equal(again.preview.create + again.preview.update + again.preview.refused, 0)

      const table = parse(exported.body, { bom: true }) as string[][]
      const at = (table[0] as string[]).indexOf('price_EUR')
      const row = table.find((cells) => cells[0] === 'SEA-00003') as string[]
      row[at] = '8.25'
      const renamed = table.find((cells) => cells[0] === 'SEA-00004') as string[]
      renamed[(table[0] as string[]).indexOf('name_en')] = 'Wombatlight four'
      const changed = stringify(table).trimEnd().split('\n')
      const oneRes = await upload(`${changed.join('\n')}\n`, '?action=update')
      assert.equal(oneRes.statusCode, 201, oneRes.body.slice(0, 500))
      const one = oneRes.json()
      assert.equal(one.preview.update, 2, JSON.stringify(one.preview))
      assert.deepEqual(one.rows[0].changes, ['price_EUR'])
      assert.deepEqual(one.rows[1].changes, ['name_en'])
      assert.equal((await start(one.id)).statusCode, 202)
      assert.equal((await untilFinished(app, staff.headers, one.id)).status, 'done')
      const price = await db
        .selectFrom('prices')
        .innerJoin('products', 'products.id', 'prices.product_id')
        .select('effective_minor')
        .where('products.code', '=', 'SEA-00003')
        .where('currency', '=', 'EUR')
        .executeTakeFirstOrThrow()
      assert.equal(price.effective_minor, 825)
      const found = await app.inject({
        url: '/api/search/products?q=wombatlight',
        headers: { 'site-code': 'us' },
      })
      assert.match(found.body, /Wombatlight four/)
      const shown = await app.inject({
        url: '/api/search/products?q=SEA-00003',
        headers: { 'site-code': 'us' },
      })
      assert.match(shown.body, /Zeppelin 00003/)
    })

    test('a file that is not the format is a 400 naming the column or the line', async () => {
      const unknown = await upload('sku,name_en,name_de,price_GBP\nA-1,x,y,1.00\n')
      assert.equal(unknown.statusCode, 400, unknown.body)
      assert.match(unknown.json().message, /price_GBP/)
      const missing = await upload('sku;name_en\nA-1;x\n')
      assert.equal(missing.statusCode, 400)
      assert.match(missing.json().message, /name_de/)
      const unreadable = await upload('sku,name_en,name_de\n"A-1,x,y\n')
      assert.equal(unreadable.statusCode, 400)
      assert.equal(unreadable.json().type, 'csv_unreadable')
    })

    test('semicolons, a byte order mark, a missing name and a duplicate SKU', async () => {
      const csv =
        '\uFEFFsku;name_en;name_de;price_EUR\nSEM-1;One;Eins;"2,00"\nSEM-2;Two;;3.00\nSEM-1;Again;Wieder;4.00\nSEM-3;Three;Drei;4.5\n'
      const job = (await upload(csv)).json()
      assert.deepEqual(
        job.preview,
        { rows: 4, create: 1, update: 0, unchanged: 0, refused: 3 },
        JSON.stringify(job.rows),
      )
      const problems = job.rows.map((r: { problems: Array<{ column: string }> }) =>
        r.problems.map((p) => p.column).join(),
      )
      assert.deepEqual(problems, ['price_EUR', 'name_de', 'sku', ''])
    })

    test('an import that doubles the catalogue gives PostgreSQL its new size before the next chunks (ADR 0098)', {
      skip: engine !== 'postgres' && 'SQLite: PRAGMA optimize decides by its own rule',
    }, async () => {
      // Autovacuum off for the table: only the import can have refreshed its statistics.
      await sql`alter table products set (autovacuum_enabled = off)`.execute(db)
      after(() => sql`alter table products reset (autovacuum_enabled)`.execute(db))
      await sql`analyze products`.execute(db)
      const estimate = async () =>
        Number(
          (
            await sql<{ n: number }>`select reltuples as n from pg_class where relname = 'products'`.execute(
              db,
            )
          ).rows[0]?.n,
        )
      const before = (await db.selectFrom('products').select('id').execute()).length
      assert.equal(await estimate(), before)
      const rows = Math.ceil(Math.max(before, 500) / 500) * 500
      const res = await upload(catalogueCsv(rows, { prefix: 'BIG', word: 'Lantern' }))
      assert.equal(res.json().preview.create, rows, res.body.slice(0, 300))
      assert.equal((await start(res.json().id)).statusCode, 202)
      assert.equal((await untilFinished(app, staff.headers, res.json().id)).status, 'done')
      // Refreshed at the chunk that doubled the catalogue: the planner knows at least that size.
      assert.ok((await estimate()) >= before + Math.max(before, 500), `${await estimate()} after ${before}`)
    })

    test('an import interrupted by a stop resumes from its checkpoint in the next process, each row once', async () => {
      const job = (await upload(catalogueCsv(1600, { prefix: 'RES' }))).json()
      assert.equal(job.preview.create, 1600)
      // The state a process leaves when it stops after its first chunk: the import marked running (as the start
      // call does), the real runner told to stop before its second chunk, then the app closed.
      assert.ok(
        await setImportStatus(db, job.id, 'previewed', {
          status: 'running',
          outcome: JSON.stringify(emptyCounts()),
        }),
      )
      let chunks = 0
      await runImport({ db, engine, config, log: app.log }, job.id, () => chunks++ >= 1)
      await app.close()
      const stopped = await findImport(db, job.id)
      assert.equal(stopped?.status, 'running')
      assert.equal(stopped?.done_rows, 500)
      assert.equal(await count('RES'), 500)

      const next = await buildApp({ config, database, logger: false })
      after(() => next.close())
      await next.ready()
      const done = await untilFinished(next, staff.headers, job.id)
      assert.equal(done.status, 'done', JSON.stringify(done).slice(0, 300))
      assert.equal(done.outcome.create, 1600)
      assert.equal(await count('RES'), 1600)
      const hits = (
        await next.inject({ url: '/api/search/products?q=RES-01599', headers: { 'site-code': 'us' } })
      ).json()
      assert.ok(JSON.stringify(hits).includes('Lantern 01599'), JSON.stringify(hits).slice(0, 300))
    })
  })
}
