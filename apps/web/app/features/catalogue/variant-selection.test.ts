import assert from 'node:assert/strict'
import { test } from 'node:test'
import type { Variant } from '@shop/contracts/catalogue'
import { activeVariant, isValueDisabled, selectionOf, selectorsOf } from './variant-selection.ts'

const options = [
  {
    optionKey: 'colour',
    attributeKey: 'value',
    attributes: [
      { value: 'Red', variantIds: ['v1'] },
      { value: 'Blue', variantIds: ['v2', 'v3'] },
    ],
  },
  {
    optionKey: 'size',
    attributeKey: 'value',
    attributes: [
      { value: 'M', variantIds: ['v1', 'v2'] },
      { value: 'L', variantIds: ['v3'] },
    ],
  },
]
const variant = (id: string) => ({ id, default: id === 'v1' }) as Variant
const variants = ['v1', 'v2', 'v3'].map(variant)

test('a value fitting no variant left by the other choices is disabled', () => {
  const selectors = selectorsOf(options)
  const [colour, size] = selectors
  assert.equal(isValueDisabled(selectors, { 'size.value': 'L' }, colour!, 'Red'), true)
  assert.equal(isValueDisabled(selectors, { 'size.value': 'L' }, colour!, 'Blue'), false)
  assert.equal(isValueDisabled(selectors, { 'colour.value': 'Red', 'size.value': 'M' }, size!, 'L'), true)
})

test('the active variant is the first match once every option is chosen', () => {
  const selectors = selectorsOf(options)
  assert.equal(activeVariant(selectors, { 'colour.value': 'Blue' }, variants), undefined)
  assert.equal(activeVariant(selectors, { 'colour.value': 'Blue', 'size.value': 'L' }, variants)?.id, 'v3')
  assert.deepEqual(selectionOf(selectors, variants[0]), { 'colour.value': 'Red', 'size.value': 'M' })
})
