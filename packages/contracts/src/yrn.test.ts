import assert from 'node:assert/strict'
import { test } from 'node:test'
import { parseYrn, productYrn } from './yrn.ts'

test('product and variant yrns round-trip', () => {
  assert.equal(productYrn('p1'), 'urn:yaas:hybris:product:product:shop;p1')
  assert.equal(productYrn('p1', 'v1'), 'urn:yaas:hybris:product:product-variant:shop;p1;v1')
  assert.deepEqual(parseYrn(productYrn('p1')), { productId: 'p1', variantId: null })
  assert.deepEqual(parseYrn(productYrn('p1', 'v1')), { productId: 'p1', variantId: 'v1' })
})

test('parseYrn rejects other texts', () => {
  for (const yrn of [
    'p1',
    'urn:yaas:hybris:product:product:shop;p1;v1',
    'urn:yaas:hybris:product:product-variant:shop;p1',
    'urn:x;p1',
  ]) {
    assert.equal(parseYrn(yrn), null, yrn)
  }
})
