import assert from 'node:assert/strict'
import { test } from 'node:test'
import { amountText, errorsFromApi, parseAmount, readProductForm } from './product-form.ts'

test('amounts: decimal point or comma, at most the currency’s digits, to integer minor units', () => {
  assert.equal(parseAmount('12.50', 'USD'), 1250)
  assert.equal(parseAmount('12,5', 'EUR'), 1250)
  assert.equal(parseAmount('0.07', 'USD'), 7)
  assert.equal(parseAmount('45', 'USD'), 4500)
  assert.equal(parseAmount('1200', 'JPY'), 1200)
  for (const bad of ['', '1.234', '-1', '1e3', '12.', 'abc', '1.5']) {
    const currency = bad === '1.5' ? 'JPY' : 'USD'
    assert.equal(parseAmount(bad, currency), undefined, bad)
  }
  assert.equal(amountText(1250, 'USD'), '12.50')
})

const form = (fields: Record<string, string>) => {
  const data = new FormData()
  for (const [k, v] of Object.entries(fields)) data.set(k, v)
  return data
}

test('the form becomes the API body; problems are named per field', () => {
  const { input, errors } = readProductForm(
    form({
      sku: 'TRAY-1',
      'name-en': 'Tray',
      'name-de': 'Tablett',
      'price-USD': '45',
      'original-USD': '50',
      stock: '3',
      published: 'on',
    }),
    ['en', 'de'],
    ['USD', 'EUR'],
  )
  assert.deepEqual(errors, {})
  assert.deepEqual(input.prices, [{ currency: 'USD', effectiveMinor: 4500, originalMinor: 5000 }])
  assert.equal(input.stock, 3)
  assert.equal(input.published, true)
  const bad = readProductForm(
    form({ sku: 'a b', 'name-en': 'x', 'price-EUR': '9', 'original-EUR': '5', stock: '-2' }),
    ['en', 'de'],
    ['USD', 'EUR'],
  )
  assert.deepEqual(Object.keys(bad.errors).sort(), ['name-de', 'price-EUR', 'sku', 'stock'])
  const unpriced = readProductForm(
    form({ sku: 'S', 'name-en': 'x', published: 'on' }),
    ['en'],
    ['USD', 'EUR'],
  )
  assert.equal(unpriced.errors['price-USD']?.key, 'MISSING_PRICE')
})

test('the API’s field details land on the form’s fields', () => {
  const sent = readProductForm(form({ sku: 'S', 'name-en': 'x', 'price-USD': '1' }), ['en'], ['USD']).input
  const errors = errorsFromApi(
    [
      { field: 'body.texts', type: 'missing_language', message: 'A name in fr is required' },
      { field: 'body.prices.0.effectiveMinor', type: 'above_original', message: '…' },
    ],
    sent,
  )
  assert.deepEqual(errors, { 'name-fr': { key: 'REQUIRED' }, 'price-USD': { key: 'ABOVE_ORIGINAL' } })
})
