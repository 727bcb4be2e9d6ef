import assert from 'node:assert/strict'
import { test } from 'node:test'
import { readGridForm } from './grid-form.ts'
import { readOptionsForm } from './variants-form.ts'

const row = (form: FormData, i: number, fields: Record<string, string>) => {
  for (const [key, value] of Object.entries(fields)) form.set(`row-${i}-${key}`, value)
}

test('the grid sends only changed rows: stock as compare-and-set on the figure shown, prices of every currency', () => {
  const form = new FormData()
  const shown = { 'price-USD': '10.00', 'was-price-USD': '10.00', 'original-USD': '', 'was-original-USD': '' }
  row(form, 0, { product: 'p1', variant: '', code: 'A', stock: '4', 'was-stock': '4', ...shown })
  row(form, 1, { product: 'p2', variant: 'v1', code: 'B', stock: '9', 'was-stock': '4', ...shown })
  row(form, 2, {
    product: 'p3',
    variant: '',
    code: 'C',
    stock: '1',
    'was-stock': '1',
    ...shown,
    'price-USD': '8,5',
  })
  const { rows, bad } = readGridForm(form, ['USD'])
  assert.deepEqual(bad, [])
  assert.deepEqual(rows, [
    { productId: 'p2', variantId: 'v1', stock: { expected: 4, stock: 9 } },
    {
      productId: 'p3',
      variantId: null,
      prices: [{ currency: 'USD', effectiveMinor: 850, originalMinor: 850 }],
    },
  ])
  row(form, 0, { stock: '-2' })
  assert.deepEqual(readGridForm(form, ['USD']).bad, ['A'])
})

test('options: one line each, values split at commas; empty and removed lines left out', () => {
  const form = new FormData()
  form.set('option-name-0', 'Colour')
  form.set('option-values-0', 'Red, Blue')
  form.set('option-name-1', 'Size')
  form.set('option-values-1', 'S,M')
  form.set('option-remove-1', 'on')
  form.set('option-name-2', '')
  form.set('option-values-2', '')
  form.set('option-name-3', '')
  form.set('option-values-3', 'X')
  assert.deepEqual(readOptionsForm(form), [
    { key: 'Colour', values: ['Red', 'Blue'] },
    { key: '', values: ['X'] },
  ])
})
