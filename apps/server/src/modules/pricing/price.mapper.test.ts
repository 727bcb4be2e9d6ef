import assert from 'node:assert/strict'
import { test } from 'node:test'
import { pickRange } from './price.mapper.ts'

const p = (name: string, effective: number, original = effective) => ({
  name,
  effective_minor: effective,
  original_minor: original,
})

test('pickRange finds the lowest and highest effective price', () => {
  const range = pickRange([p('a', 500), p('b', 300), p('c', 900)])
  assert.equal(range?.min.name, 'b')
  assert.equal(range?.max.name, 'c')
})

test('pickRange prefers the larger discount on a tie', () => {
  const range = pickRange([p('plain', 300), p('sale', 300, 500), p('top', 900), p('topSale', 900, 1200)])
  assert.equal(range?.min.name, 'sale')
  assert.equal(range?.max.name, 'topSale')
})

test('pickRange of nothing is undefined', () => {
  assert.equal(pickRange([]), undefined)
})
