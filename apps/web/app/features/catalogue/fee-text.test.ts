import assert from 'node:assert/strict'
import { test } from 'node:test'
import type { ItemFee } from '../../lib/api/browse.ts'
import { feeText } from './fee-text.ts'

const fee = (feeType: string, amount: number): ItemFee => ({
  id: 'f',
  name: 'Fee',
  feeType,
  feeAbsolute: { amount, currency: 'USD' },
  itemYrn: 'y',
})

test('fees show two decimals; a per-item fee carries the each marker', () => {
  assert.equal(feeText(fee('ABSOLUTE', 2.5), 'each'), '(+ $2.50)')
  assert.equal(feeText(fee('ABSOLUTE_MULTIPLY_ITEMQUANTITY', 0.5), 'each'), '(+ $0.50 each)')
  assert.equal(feeText(fee('ABSOLUTE', 1234), 'je Stück', 'de'), '(+ $1.234,00)')
})
