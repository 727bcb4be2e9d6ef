import {
  findProductPage,
  type ProductCriteria,
} from '../apps/server/src/modules/catalogue/product-list.repository.ts'
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
        const deepOffset = (DEEP_PAGE - 1) * PAGE_SIZE
        const last = (
          await findProductPage(db, criteria, sort, { offset: deepOffset - PAGE_SIZE, limit: PAGE_SIZE })
        ).at(-1)
        if (!last) throw new Error(`${label}: fewer than ${deepOffset} products`)
        lines.push(
          await compare(db, engine, label, `page ${DEEP_PAGE} ÷ page 1 of a list (keyset), ${label}`, {
            criteria,
            sort,
            deepOffset,
            cursor: last.id,
          }),
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
  const cursor = (await findProductPage(db, criteria, sort, { offset: group - 1, limit: 1 })).at(0)
  if (!cursor) throw new Error('no products')
  const label = `all products, newest, after the last of ${group} products of one creation time`
  const measure = 'the page after a cursor at the end of a tie ÷ page 1 (keyset), newest'
  return compare(db, engine, label, measure, { criteria, sort, deepOffset: group, cursor: cursor.id })
}

/**
 * Page 1 against the page at `deepOffset`, read by offset and after `cursor` (the product before it): the median
 * of RUNS runs each; the keyset page must hold the same products as the offset one. Records the figure and
 * answers the table row.
 */
async function compare(
  db: Db,
  engine: string,
  label: string,
  measure: string,
  page: { criteria: ProductCriteria; sort: ProductSort; deepOffset: number; cursor: string },
): Promise<string> {
  const { criteria, sort, deepOffset, cursor } = page
  const read = (offset: number, after?: string) =>
    findProductPage(db, criteria, sort, { offset, limit: PAGE_SIZE, after })
  const ids = async (offset: number, after?: string) =>
    JSON.stringify((await read(offset, after)).map((p) => p.id))
  const same = (await ids(deepOffset, cursor)) === (await ids(deepOffset))
  const first = await medianMs(() => read(0), RUNS, 10)
  const deep = await medianMs(() => read(deepOffset), RUNS, 10)
  const deepKeyset = await medianMs(() => read(deepOffset, cursor), RUNS, 10)
  record({
    measure,
    engine,
    size: SIZE,
    value: (deepKeyset / first).toFixed(2),
    raw: `${deepKeyset.toFixed(2)} vs ${first.toFixed(2)} ms; by offset ${(deep / first).toFixed(2)}×`,
    target: 'within 20 %',
  })
  return `| ${engine} | ${label} | ${first.toFixed(2)} | ${deep.toFixed(2)} (${(deep / first).toFixed(2)}×) | ${deepKeyset.toFixed(2)} (${(deepKeyset / first).toFixed(2)}×) | ${same ? 'yes' : 'NO'} |`
}
