import { findProductPage } from '../apps/server/src/modules/catalogue/product-list.repository.ts'
import type { ProductSort } from '../apps/server/src/modules/catalogue/product-query.ts'
import type { Db } from '../apps/server/src/platform/db/database.ts'
import { record } from './figures.ts'
import { medianMs, withGeneratedCatalogue } from './in-process.ts'
import { benchEngines } from './load.ts'

const SIZE = Number(process.env.BENCH_PAGING_SIZE ?? 100_000)
const RUNS = Number(process.env.BENCH_PAGING_RUNS ?? 200)
const PAGE_SIZE = 15
const DEEP_PAGE = 100

/**
 * `npm run bench -- paging`: the product list's page query at SIZE products (100,000 by default), page 1
 * against page 100 read by offset and by keyset (`after=` the last product of page 99). In-process against the database, below the answer cache (which would serve every repeat
 * from memory): the median of RUNS runs of each, per sort and filter, on both engines.
 */
export async function run(): Promise<void> {
  const lines: string[] = []
  for (const engine of await benchEngines()) {
    await withGeneratedCatalogue(engine, SIZE, async (db) => {
      const shoes = (
        await db
          .selectFrom('categories')
          .select('id')
          .where((eb) => eb.or([eb('id', '=', 'c-shoes'), eb('parent_id', '=', 'c-shoes')]))
          .execute()
      ).map((c) => c.id)
      const cases: Array<[string, string[][], ProductSort]> = [
        ['all products, name.en', [], { by: 'name', language: 'en', desc: false }],
        ['all products, newest', [], { by: 'createdAt', desc: true }],
        ['category c-shoes, name.de:desc', [shoes], { by: 'name', language: 'de', desc: true }],
      ]
      for (const [label, categoryIdSets, sort] of cases) {
        const criteria = { idLists: [], names: [], categoryIdSets }
        const read = (offset: number) => findProductPage(db, criteria, sort, { offset, limit: PAGE_SIZE })
        const deepOffset = (DEEP_PAGE - 1) * PAGE_SIZE
        const last = (await read(deepOffset - PAGE_SIZE)).at(-1)
        if (!last) throw new Error(`${label}: fewer than ${deepOffset} products`)
        const byOffset = await read(deepOffset)
        const keyset = () =>
          findProductPage(db, criteria, sort, { offset: deepOffset, limit: PAGE_SIZE, after: last.id })
        const same =
          JSON.stringify((await keyset()).map((p) => p.id)) === JSON.stringify(byOffset.map((p) => p.id))
        const first = await medianMs(() => read(0), RUNS, 10)
        const deep = await medianMs(() => read(deepOffset), RUNS, 10)
        const deepKeyset = await medianMs(keyset, RUNS, 10)
        record({
          measure: `page ${DEEP_PAGE} ÷ page 1 of a list (keyset), ${label}`,
          engine,
          size: SIZE,
          value: (deepKeyset / first).toFixed(2),
          raw: `${deepKeyset.toFixed(2)} vs ${first.toFixed(2)} ms; by offset ${(deep / first).toFixed(2)}×`,
          target: 'within 20 %',
        })
        lines.push(
          `| ${engine} | ${label} | ${first.toFixed(2)} | ${deep.toFixed(2)} (${(deep / first).toFixed(2)}×) | ${deepKeyset.toFixed(2)} (${(deepKeyset / first).toFixed(2)}×) | ${same ? 'yes' : 'NO'} |`,
        )
      }
      lines.push(await afterATie(db, engine))
    })
  }
  console.log(
    `| engine | list (${SIZE} products, ${PAGE_SIZE} per page) | page 1 ms | page ${DEEP_PAGE} by offset ms (÷ page 1) | page ${DEEP_PAGE} by keyset ms (÷ page 1) | same products |`,
  )
  console.log('| --- | --- | ---: | ---: | ---: | --- |')
  for (const line of lines) console.log(line)
}

/**
 * Newest first, the cursor the last of the products that share the newest creation time (a bulk import makes
 * such groups; the generator's hold about 1,500): the page after it against page 1. Before
 * docs/decisions/0087 the keyset page read the whole group up to the cursor.
 */
async function afterATie(db: Db, engine: string): Promise<string> {
  const sort: ProductSort = { by: 'createdAt', desc: true }
  const criteria = { idLists: [], names: [], categoryIdSets: [] }
  const newest = await db
    .selectFrom('products')
    .where('published', '=', 1)
    .select((eb) => eb.fn.max('created_at').as('at'))
    .executeTakeFirst()
  const group = Number(
    (
      await db
        .selectFrom('products')
        .where('published', '=', 1)
        .where('created_at', '=', String(newest?.at))
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirst()
    )?.n ?? 0,
  )
  const read = (offset: number, after?: string) =>
    findProductPage(db, criteria, sort, { offset, limit: PAGE_SIZE, after })
  const cursor = (await read(group - 1)).at(0)
  if (!cursor) throw new Error('no products')
  const byOffset = (await read(group)).map((p) => p.id)
  const same = JSON.stringify((await read(group, cursor.id)).map((p) => p.id)) === JSON.stringify(byOffset)
  const first = await medianMs(() => read(0), RUNS, 10)
  const deep = await medianMs(() => read(group), RUNS, 10)
  const deepKeyset = await medianMs(() => read(group, cursor.id), RUNS, 10)
  const label = `all products, newest, after the last of ${group} products of one creation time`
  record({
    measure: `the page after a cursor at the end of a tie ÷ page 1 (keyset), newest`,
    engine,
    size: SIZE,
    value: (deepKeyset / first).toFixed(2),
    raw: `${deepKeyset.toFixed(2)} vs ${first.toFixed(2)} ms; by offset ${(deep / first).toFixed(2)}×`,
    target: 'within 20 %',
  })
  return `| ${engine} | ${label} | ${first.toFixed(2)} | ${deep.toFixed(2)} (${(deep / first).toFixed(2)}×) | ${deepKeyset.toFixed(2)} (${(deepKeyset / first).toFixed(2)}×) | ${same ? 'yes' : 'NO'} |`
}
