import assert from 'node:assert/strict'
import { test } from 'node:test'
import { formatCodeAmount, formatDate, formatDateTime, formatMoney } from './format.ts'

test('tiles show amount then code; detail pages put the symbol first', () => {
  assert.equal(formatCodeAmount(24.99, 'USD'), '24.99 USD')
  assert.equal(formatCodeAmount(1200, 'JPY'), '1200 JPY')
  assert.equal(formatCodeAmount(1234.5, 'EUR', 'de'), '1234,50 EUR')
  assert.equal(formatMoney(24.99, 'USD'), '$24.99')
  assert.equal(formatMoney(1234.5, 'EUR', 'de'), '€1.234,50')
  assert.equal(formatMoney(-5, 'GBP'), '-£5.00')
})

test('dates and times in the spec formats for en, the German convention for de (UTC)', () => {
  assert.equal(formatDate('2026-03-07T14:05:09Z', 'en'), '03/07/2026')
  assert.equal(formatDate('2026-03-07T14:05:09Z', 'de'), '07.03.2026')
  assert.equal(formatDateTime('2026-03-07T14:05:09Z', 'en'), '03/07/2026, 02:05 PM')
  assert.equal(formatDateTime('2026-03-07T00:30:00Z', 'en'), '03/07/2026, 12:30 AM')
  assert.equal(formatDateTime('2026-03-07T12:00:00Z', 'en'), '03/07/2026, 12:00 PM')
  assert.equal(formatDateTime('2026-03-07T14:05:09Z', 'de'), '07.03.2026, 14:05')
})
