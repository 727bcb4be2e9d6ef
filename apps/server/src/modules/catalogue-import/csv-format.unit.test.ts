import assert from 'node:assert/strict'
import { test } from 'node:test'
import fc from 'fast-check'
import {
  csvColumns,
  formatAmount,
  headerProblems,
  type ImportProblem,
  parseAmount,
  parseOptions,
  readRow,
} from './csv-format.rules.ts'

const terms = { languages: ['en', 'de'], currencies: ['USD', 'JPY'] }
const digits = (currency: string) => (currency === 'JPY' ? 0 : 2)

test('an amount written by the export reads back as the same minor units (2 and 0 digits)', () => {
  fc.assert(
    fc.property(fc.integer({ min: 0, max: 1_000_000_000 }), fc.constantFrom(0, 2), (minor, d) => {
      assert.equal(parseAmount(formatAmount(minor, d), d), minor)
    }),
  )
  assert.equal(parseAmount('12.5', 2), 1250)
  assert.equal(parseAmount('12,50', 2), undefined)
  assert.equal(parseAmount('12.505', 2), undefined)
  assert.equal(parseAmount('-1.00', 2), undefined)
  assert.equal(parseAmount('1.0', 0), undefined)
})

test('the header: unknown, repeated and missing columns are named', () => {
  assert.deepEqual(headerProblems(csvColumns(terms), terms), [])
  const problems = headerProblems(['sku', 'name_en', 'price_EUR', 'sku'], terms).map((p) => p.column)
  assert.deepEqual(problems, ['price_EUR', 'sku', 'name_de'])
})

test('a row: cells read by the header, empty cells meaning no price, stock left alone, no category', () => {
  const header = [
    'sku',
    'published',
    'name_en',
    'name_de',
    'price_USD',
    'original_USD',
    'price_JPY',
    'stock',
    'categories',
  ]
  const { draft, problems } = readRow(
    header,
    ['A-1', 'ja', ' Mug ', 'Becher', '9.90', '12', '', '', 'a| b |a'],
    terms,
    digits,
  )
  assert.deepEqual(problems, [])
  assert.equal(draft.published, true)
  assert.equal(draft.names.en, 'Mug')
  assert.deepEqual(draft.prices, { USD: { effectiveMinor: 990, originalMinor: 1200 }, JPY: null })
  assert.equal(draft.stock, null)
  assert.deepEqual(draft.categories, ['a', 'b'])
  assert.equal(draft.taxCode, undefined)
  const bad = readRow(header, ['A-2', 'maybe', 'x', 'y', '1,5', '', '', '-3', ''], terms, digits)
  assert.deepEqual(
    bad.problems.map((p) => p.column),
    ['published', 'stock', 'price_USD'],
  )
})

test('options cells read as key → value, and what is not one is named', () => {
  const problems: ImportProblem[] = []
  assert.deepEqual(parseOptions(' Colour = Dark red | Size=M=38 ', problems), {
    Colour: 'Dark red',
    Size: 'M=38',
  })
  assert.deepEqual(problems, [])
  for (const text of [
    'Colour',
    'Colour=',
    '=Red',
    'Colour=Red||Size=M',
    'Colour=Red|colour=Blue',
    `${'k'.repeat(41)}=v`,
  ]) {
    const found: ImportProblem[] = []
    assert.equal(parseOptions(text, found), undefined, text)
    assert.deepEqual(
      found.map((p) => p.column),
      ['options'],
      text,
    )
  }
})

test('a variant row leaves its product’s columns empty; options and default belong to variant rows', () => {
  const header = [
    'sku',
    'variant_of',
    'options',
    'default',
    'published',
    'name_en',
    'description_en',
    'categories',
  ]
  const variant = readRow(header, ['V-1', 'P-1', 'Size=M', 'yes', '', 'Medium', '', ''], terms, digits)
  assert.deepEqual(variant.problems, [])
  assert.equal(variant.draft.variantOf, 'P-1')
  assert.deepEqual(variant.draft.options, { Size: 'M' })
  assert.equal(variant.draft.isDefault, true)
  const crowded = readRow(header, ['V-2', 'P-1', 'Size=L', '', 'true', 'Large', 'Text', 'a'], terms, digits)
  assert.deepEqual(
    crowded.problems.map((p) => p.column),
    ['published', 'description_en', 'categories'],
  )
  const product = readRow(header, ['P-2', '', 'Size=L', 'true', '', 'Mug', '', ''], terms, digits)
  assert.deepEqual(
    product.problems.map((p) => p.column),
    ['options', 'default'],
  )
})
