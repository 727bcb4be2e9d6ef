import assert from 'node:assert/strict'
import { test } from 'node:test'
import { analyze } from './analyze.ts'
import { parseMap, printMap } from './architecture-map.ts'

const M = 'apps/server/src/modules'
const files = new Map(
  Object.entries({
    [`${M}/cart/cart.repository.ts`]: "db.insertInto('carts')\ndb.deleteFrom('cart_items')",
    [`${M}/cart/cart.service.ts`]: "import { p } from '../price/price.service.ts'",
    [`${M}/price/price.service.ts`]: "import { q } from '../../platform/db/database.ts'",
    'apps/server/src/platform/db/database.ts': '',
    [`${M}/price/price.test.ts`]: "import { c } from '../cart/cart.service.ts'",
  }),
)
const doc = (rows: string[]) =>
  [
    '# Architecture',
    '',
    '| module | owns tables | may call |',
    '| --- | --- | --- |',
    ...rows,
    '',
    'after',
  ].join('\n')
const rules = (map: string | undefined) => {
  const report = analyze(files, map)
  return {
    violations: report.violations.map((v) => `${v.file}:${v.line} ${v.rule} ${v.message}`),
    warnings: report.warnings.map((v) => `${v.file}:${v.line} ${v.rule} ${v.message}`),
  }
}

test('--print gives the map as the code is, and that map passes', () => {
  const printed = printMap(analyze(files, undefined).actual)
  assert.equal(
    printed,
    [
      '| module | owns tables | may call |',
      '| --- | --- | --- |',
      '| modules/cart | cart_items, carts | modules/price |',
      '| modules/price | — | platform/db |',
      '| platform/db | — | — |',
    ].join('\n'),
  )
  assert.deepEqual(rules(`# Architecture\n\n${printed}\n`), { violations: [], warnings: [] })
})

test('the table is read with backticks, dashes and surrounding text', () => {
  const parsed = parseMap(doc(['| `modules/cart` | `carts`, `cart_items` | — |']))
  assert.deepEqual(parsed, {
    header: 3,
    rows: [{ module: 'modules/cart', owns: ['carts', 'cart_items'], mayCall: [], line: 5 }],
  })
})

test('a missing map fails', () => {
  assert.deepEqual(
    rules(undefined).violations.map((v) => v.split(' ').slice(0, 2).join(' ')),
    ['docs/architecture.md:1 map-missing'],
  )
  assert.equal(rules('# no table here').violations.length, 1)
})

test('written but not listed, listed but not written, unlisted module and unknown module all fail', () => {
  const { violations } = rules(
    doc([
      '| modules/cart | carts, orders | modules/price |',
      '| modules/price | — | platform/db |',
      '| modules/gone | — | — |',
    ]),
  )
  assert.deepEqual(violations, [
    `${M}/cart/cart.repository.ts:2 map-owns modules/cart writes cart_items, which its row in docs/architecture.md does not list`,
    'docs/architecture.md:3 map-module platform/db has no row in the map',
    'docs/architecture.md:5 map-owns modules/cart lists orders, which it does not write',
    'docs/architecture.md:7 map-module modules/gone is not in the code',
  ])
})

test('an import of a module not under "may call" fails; a listed one not imported only warns', () => {
  const { violations, warnings } = rules(
    doc([
      '| modules/cart | carts, cart_items | platform/db |',
      '| modules/price | — | platform/db |',
      '| platform/db | — | — |',
    ]),
  )
  assert.deepEqual(violations, [
    `${M}/cart/cart.service.ts:1 map-calls modules/cart imports modules/price, which its row in docs/architecture.md does not list under "may call"`,
  ])
  assert.deepEqual(warnings, [
    'docs/architecture.md:5 map-calls modules/cart may call platform/db but does not',
  ])
})
