import assert from 'node:assert/strict'
import { test } from 'node:test'
import { formatCodeAmount, formatMoney } from './format.ts'

test('tiles show amount then code; detail pages put the symbol first', () => {
  assert.equal(formatCodeAmount(24.99, 'USD'), '24.99 USD')
  assert.equal(formatCodeAmount(1200, 'JPY'), '1200 JPY')
  assert.equal(formatCodeAmount(1234.5, 'EUR', 'de'), '1234,50 EUR')
  assert.equal(formatMoney(24.99, 'USD'), '$24.99')
  assert.equal(formatMoney(1234.5, 'EUR', 'de'), '€1.234,50')
  assert.equal(formatMoney(-5, 'GBP'), '-£5.00')
})
