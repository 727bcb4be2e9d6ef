import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { productYrn } from '@shop/contracts/yrn'
import { parse } from 'csv-parse/sync'
import { stringify } from 'csv-stringify/sync'
import { insertSite } from '../../platform/testing/fixtures.ts'
import { createTestApp } from '../../platform/testing/test-app.ts'
import { testEngines } from '../../platform/testing/test-db.ts'
import { FAST_HASH_ENV } from '../auth/auth.testing.ts'
import { staffMember } from '../backoffice/backoffice.testing.ts'
import { addItem, anonymousToken, createCart, getCart } from '../cart/cart.testing.ts'
import { untilFinished } from './import.testing.ts'

const IMPORTS = '/api/owner/catalogue/imports'
const HEADER =
  'sku,variant_of,options,default,published,name_en,name_de,description_en,price_USD,original_USD,price_EUR,stock'

type Row = {
  line: number
  sku: string
  action: string
  changes: string[]
  problems: Array<{ column: string }>
}
type Variant = { id: string; code: string; options: Record<string, string>; default: boolean; stock: number }

/** Variants in the catalogue CSV (docs/decisions/0063-variants-in-csv.md) through HTTP, and what shoppers see. */
for (const { engine, skip } of testEngines()) {
  describe(`variants in the catalogue CSV on ${engine}`, { skip }, async () => {
    const { app, database } = await createTestApp(engine, FAST_HASH_ENV)
    const db = database.db
    await insertSite(db, { code: 'us', currency: 'USD', languages: ['en'] })
    await insertSite(db, { code: 'eu', currency: 'EUR', languages: ['de', 'en'] })
    const staff = await staffMember(app, db, 'catalogue')
    const upload = async (csv: string) => {
      const res = await app.inject({
        method: 'POST',
        url: `${IMPORTS}?pageSize=100`,
        headers: staff.headers,
        payload: { csv },
      })
      assert.equal(res.statusCode, 201, res.body.slice(0, 500))
      return res.json() as { id: string; preview: Record<string, number>; rows: Row[] }
    }
    const importAll = async (csv: string, validOnly = false) => {
      const job = await upload(csv)
      const start = await app.inject({
        method: 'POST',
        url: `${IMPORTS}/${job.id}/start`,
        headers: staff.headers,
        payload: { validOnly },
      })
      assert.equal(start.statusCode, 202, start.body)
      const done = await untilFinished(app, staff.headers, job.id)
      assert.equal(done.status, 'done', JSON.stringify(done).slice(0, 500))
      return done
    }
    const productId = async (sku: string) =>
      (await db.selectFrom('products').select('id').where('code', '=', sku).executeTakeFirstOrThrow()).id
    const staffVariants = async (sku: string) =>
      (
        await app.inject({
          url: `/api/owner/products/${await productId(sku)}/variants`,
          headers: staff.headers,
        })
      ).json() as { options: Array<{ key: string; values: string[] }>; variants: Variant[] }
    const exportCsv = async () =>
      (await app.inject({ url: '/api/owner/catalogue/export', headers: staff.headers })).body

    const shirt = [
      HEADER,
      'TEE,,,,true,Tee,Hemd,A cotton tee,,,,',
      'TEE-RS,TEE,Colour=Red|Size=S,,,Red tee S,Rotes Hemd S,,20.00,25.00,18.00,3',
      'TEE-RM,TEE,Colour=Red|Size=M,true,,Red tee M,,,21.00,,19.00,4',
      'TEE-BS,TEE,Colour=Blue|Size=S,,,,,,20.00,,18.00,5',
      'TEE-BM,TEE,colour=blue|size=M,,,,,,20.00,,18.00,',
    ].join('\n')

    test('a product and its four variants from one file: options, default, prices, stock, and the shopper sees them', async () => {
      const job = await upload(shirt)
      assert.deepEqual(
        job.preview,
        { rows: 5, create: 5, update: 0, unchanged: 0, refused: 0 },
        JSON.stringify(job.rows),
      )
      assert.equal(
        await db.selectFrom('variants').select('id').where('code', 'like', 'TEE-%').executeTakeFirst(),
        undefined,
      )
      const done = await importAll(shirt)
      assert.deepEqual(done.outcome, { rows: 5, create: 5, update: 0, unchanged: 0, refused: 0 })

      const staffView = await staffVariants('TEE')
      assert.deepEqual(staffView.options, [
        { key: 'Colour', values: ['Red', 'Blue'] },
        { key: 'Size', values: ['S', 'M'] },
      ])
      const byCode = new Map(staffView.variants.map((v) => [v.code, v]))
      assert.deepEqual(
        staffView.variants.map((v) => v.code),
        ['TEE-RS', 'TEE-RM', 'TEE-BS', 'TEE-BM'],
      )
      assert.deepEqual(byCode.get('TEE-BM')?.options, { Colour: 'Blue', Size: 'M' })
      assert.deepEqual(
        staffView.variants.filter((v) => v.default).map((v) => v.code),
        ['TEE-RM'],
      )
      assert.deepEqual(
        staffView.variants.map((v) => v.stock),
        [3, 4, 5, 0],
      )

      const id = await productId('TEE')
      const listed = (
        await app.inject({ url: `/api/catalogue/products/${id}/variants`, headers: { 'site-code': 'eu' } })
      ).json() as Array<{ code: string }>
      assert.equal(listed.length, 4, JSON.stringify(listed).slice(0, 300))
      const product = (
        await app.inject({
          url: `/api/catalogue/products/${id}?expand=prices`,
          headers: { 'site-code': 'us' },
        })
      ).json()
      assert.equal(product.name, 'Tee')
      const rs = staffView.variants.find((v) => v.code === 'TEE-RS') as Variant
      const token = await anonymousToken(app)
      const cartId = await createCart(app, token, 'eu')
      await addItem(app, token, cartId, { itemYrn: productYrn(id, rs.id), quantity: 2 })
      const cart = await getCart(app, token, cartId)
      assert.equal(
        cart.items[0].price.effectiveAmount ?? cart.items[0].price.amount,
        18,
        JSON.stringify(cart),
      )
    })

    test('export → import changes nothing; a changed variant cell is an update of that column; a new value extends the options', async () => {
      const exported = await exportCsv()
      const table = parse(exported, { bom: true }) as string[][]
      const header = table[0] as string[]
      const col = (name: string) => header.indexOf(name)
      const teeRows = table.filter((r) => r[col('variant_of')] === 'TEE')
      assert.equal(teeRows.length, 4)
      const again = await upload(exported)
      assert.equal(again.preview.unchanged, table.length - 1, JSON.stringify(again.preview))

      const rm = table.find((r) => r[0] === 'TEE-RM') as string[]
      rm[col('price_USD')] = '22.50'
      rm[col('original_USD')] = '22.50'
      const bs = table.find((r) => r[0] === 'TEE-BS') as string[]
      bs[col('stock')] = '9'
      const green = [...bs]
      green[0] = 'TEE-GS'
      green[col('options')] = 'Colour=Green|Size=S'
      green[col('default')] = 'false'
      table.push(green)
      const changed = await upload(stringify(table))
      assert.deepEqual(
        changed.preview,
        { rows: table.length - 1, create: 1, update: 2, unchanged: table.length - 4, refused: 0 },
        JSON.stringify(changed.rows.filter((r) => r.action !== 'unchanged')),
      )
      const changes = Object.fromEntries(
        changed.rows.filter((r) => r.action === 'update').map((r) => [r.sku, r.changes]),
      )
      assert.deepEqual(changes, { 'TEE-RM': ['price_USD', 'original_USD'], 'TEE-BS': ['stock'] })
      await importAll(stringify(table))
      const after = await staffVariants('TEE')
      assert.deepEqual(after.options[0], { key: 'Colour', values: ['Red', 'Blue', 'Green'] })
      assert.equal(after.variants.find((v) => v.code === 'TEE-BS')?.stock, 9)
      assert.equal(after.variants.find((v) => v.code === 'TEE-GS')?.stock, 9)
      assert.deepEqual(
        after.variants.filter((v) => v.default).map((v) => v.code),
        ['TEE-RM'],
      )
      const price = await db
        .selectFrom('prices')
        .innerJoin('variants', 'variants.id', 'prices.variant_id')
        .select('effective_minor')
        .where('variants.code', '=', 'TEE-RM')
        .where('currency', '=', 'USD')
        .executeTakeFirstOrThrow()
      assert.equal(price.effective_minor, 2250)
      const entries = await db
        .selectFrom('audit_log' as never)
        .select(['entity' as never, 'action' as never])
        .where('entity' as never, '=', 'variant' as never)
        .execute()
      assert.ok(entries.length >= 7, `variant audit entries: ${entries.length}`)
    })

    test('a dry run names the column of each refused variant row', async () => {
      const csv = [
        HEADER,
        'CAP-RS,CAP,Colour=Red,,,,,,5.00,,5.00,1',
        'CAP,,,,true,Cap,Mütze,,,,,',
        'CAP-1,CAP,Colour=Red,,,,,,5.00,,5.00,1',
        'CAP-2,CAP,Colour=Olive|Fabric=Wool,,,,,,5.00,,5.00,1',
        'TEE-XX,TEE,Colour=red|Size=s,,,,,,5.00,,5.00,1',
        'CAP-3,NOPE,Colour=Navy,,,,,,5.00,,5.00,1',
        'TEE-RM,CAP,Colour=Teal,,,,,,5.00,,5.00,1',
        'TEE,CAP,Colour=Mint,,,,,,5.00,,5.00,1',
        'CAP-4,CAP,colour=RED,,,,,,5.00,,5.00,1',
        'CAP-5,CAP,,,,,,,5.00,,5.00,1',
        'CAP-6,CAP,Colour=Blue,,,,,A description,5.00,,5.00,1',
        'CAP-7,CAP,Colour=Green,true,,,,,5.00,,5.00,1',
        'CAP-8,CAP,Colour=Black,true,,,,,5.00,,5.00,1',
        'CAP-9,CAP,Colour=White|Colour=Grey,,,,,,5.00,,5.00,1',
        'CAP-10,,Colour=White,,,Loose,Lose,,5.00,,5.00,1',
        'CAP-11,CAP,Colour=Pink,,,,,,9.00,8.00,5.00,1',
      ].join('\n')
      const job = await upload(csv)
      const refused = Object.fromEntries(
        job.rows
          .filter((r) => r.action === 'refused')
          .map((r) => [r.line, r.problems.map((p) => p.column).join()]),
      )
      assert.deepEqual(
        refused,
        {
          2: 'variant_of', // before its product's row
          5: 'options', // an option the product's first variant did not name
          6: 'options', // TEE's Red/S is TEE-RS's
          7: 'variant_of', // no such product
          8: 'sku', // TEE-RM is TEE's
          9: 'sku', // a product's SKU
          10: 'options', // CAP-1's values, in another case
          11: 'options', // a new variant without options
          12: 'description_en',
          14: 'default', // a second default in the file
          15: 'options',
          16: 'options', // options on a product's row
          17: 'price_USD',
        },
        JSON.stringify(job.rows.filter((r) => r.action === 'refused')),
      )
      assert.equal(job.preview.create, 3, JSON.stringify(job.preview))
    })

    test('a product row gives no stock to a product whose stock is per variant', async () => {
      const job = await upload(`${HEADER}\nTEE,,,,true,Tee,Hemd,,,,,12\n`)
      assert.equal(job.rows[0]?.action, 'refused')
      assert.deepEqual(
        job.rows[0]?.problems.map((p) => p.column),
        ['stock'],
      )
    })
  })
}
