import assert from 'node:assert/strict'
import { test } from 'node:test'
import type { Price } from '@shop/contracts/price'
import { purchaseState } from './purchase-state.ts'

const price = { effectiveAmount: 10, originalAmount: 10, currency: 'USD' } as Price

test('options first, then a price in the currency, then stock', () => {
  assert.equal(purchaseState({ hasVariants: true, chosen: undefined }), 'choose')
  assert.equal(purchaseState({ hasVariants: true, chosen: { inStock: true, prices: [] } }), 'unavailable')
  assert.equal(purchaseState({ hasVariants: false, chosen: { inStock: true } }), 'unavailable')
  assert.equal(
    purchaseState({ hasVariants: false, chosen: { inStock: false, prices: [price] } }),
    'out-of-stock',
  )
  assert.equal(purchaseState({ hasVariants: true, chosen: { inStock: true, prices: [price] } }), 'buy')
})
