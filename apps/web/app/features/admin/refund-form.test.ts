import assert from 'node:assert/strict'
import { test } from 'node:test'
import type { Order } from '@shop/contracts/order'
import {
  errorsFromRefundApi,
  FORM,
  quantitiesOf,
  readRefundForm,
  refundState,
  suggestionFor,
} from './refund-form.ts'

const money = (minor: number) => `$${(minor / 100).toFixed(2)}`

/** Two units of a 19.99 tee and one 12.00 jar, 8.25 % tax added, 5.00 shipping; one tee refunded (21.64). */
const order = {
  currency: 'USD',
  entries: [
    { entryNumber: 1, name: 'Tee', amount: 2, totalPrice: 39.98 },
    { entryNumber: 2, name: 'Jar', amount: 1, totalPrice: 12 },
  ],
  subTotalPrice: 51.98,
  totalDiscount: 0,
  tax: { amount: 4.29, label: 'Tax', included: false },
  payments: [
    { method: 'test-card', brand: 'visa', last4: '4242', paidAmount: 61.27, status: 'PARTIALLY_REFUNDED' },
  ],
  refunds: [
    {
      id: 'r1',
      created: '2026-01-01T00:00:00Z',
      amount: 21.64,
      lines: [{ entryNumber: 1, quantity: 1 }],
      reason: '',
    },
  ],
  totalRefunded: 21.64,
} as unknown as Order

const form = (fields: Record<string, string>) => {
  const data = new FormData()
  for (const [k, v] of Object.entries(fields)) data.set(k, v)
  return data
}

test('what is left: units per line less the refunds, money paid less refunded; nothing after a full refund', () => {
  const state = refundState(order)
  assert.deepEqual(
    state.lines.map((l) => [l.entryNumber, l.refunded, l.left]),
    [
      [1, 1, 1],
      [2, 0, 1],
    ],
  )
  assert.equal(state.leftMinor, 6127 - 2164)
  const done = { ...order, payments: [{ ...order.payments[0], status: 'REFUNDED' }] } as Order
  assert.equal(refundState(done).leftMinor, 0)
})

test('the suggestion is the chosen units’ share with their tax, never more than what is left', () => {
  const state = refundState(order)
  // one tee: 19.99 × (51.98 + 4.29) / 51.98 = 21.64; the jar: 12.00 × 56.27 / 51.98 = 12.99
  assert.equal(suggestionFor(order, state, quantitiesOf(form({ 'line-1': '1' }), state)), 2164)
  assert.equal(suggestionFor(order, state, quantitiesOf(form({ 'line-1': '1', 'line-2': '1' }), state)), 3463)
  assert.equal(
    suggestionFor(order, state, quantitiesOf(form({ 'line-1': '9' }), state)),
    2164,
    'capped at units left',
  )
  assert.equal(suggestionFor(order, state, new Map()), 0)
  const little = { ...state, leftMinor: 500 }
  assert.equal(suggestionFor(order, little, new Map([[2, 1]])), 500)
})

test('the form: whole units and an amount become the body; the key is required; something must be chosen', () => {
  const { input, errors } = readRefundForm(
    form({
      key: 'k-12345678',
      'line-1': '1',
      'line-2': '0',
      amount: '5,50',
      reason: ' Scratched ',
      restock: 'on',
    }),
    order.entries,
    'USD',
  )
  assert.deepEqual(errors, {})
  assert.deepEqual(input, {
    key: 'k-12345678',
    lines: [{ line: 1, quantity: 1 }],
    amountMinor: 550,
    restock: true,
    reason: 'Scratched',
  })
  assert.equal(
    readRefundForm(form({ key: 'k-12345678', 'line-2': '1' }), order.entries, 'USD').input.restock,
    false,
  )
  const bad = readRefundForm(form({ key: 'k-12345678', 'line-1': '1.5', amount: '0' }), order.entries, 'USD')
  assert.deepEqual(Object.keys(bad.errors).sort(), ['amount', 'line-1'])
  assert.equal(bad.values.lines['line-1'], '1.5', 'what was typed comes back')
  assert.equal(
    readRefundForm(form({ key: 'k-12345678' }), order.entries, 'USD').errors[FORM]?.key,
    'REFUND_CHOOSE',
  )
  assert.equal(
    readRefundForm(form({ 'line-1': '1' }), order.entries, 'USD').errors[FORM]?.key,
    'REFUND_RELOAD',
  )
})

test('the server’s refusals land on the line, the amount or the form', () => {
  const sent = { key: 'k-12345678', lines: [{ line: 2, quantity: 3 }] }
  const tooMany = errorsFromRefundApi(
    {
      status: 400,
      type: 'validation_failed',
      message: 'The refund is not valid',
      details: [
        { field: 'body.lines.0.quantity', type: 'too_many', message: 'At most 1 units are left to refund' },
      ],
    },
    sent,
    money,
  )
  assert.deepEqual(tooMany, { 'line-2': { key: 'REFUND_AT_MOST', values: { max: 1 } } })
  const large = errorsFromRefundApi(
    {
      status: 409,
      type: 'refund_too_large',
      message: 'Only 3963 (minor units) of the payment is left to refund',
      details: [{ field: 'body.amountMinor', type: 'too_large', message: '3963' }],
    },
    sent,
    money,
  )
  assert.deepEqual(large, { amount: { key: 'REFUND_TOO_LARGE', values: { amount: '$39.63' } } })
  assert.equal(
    errorsFromRefundApi({ status: 409, type: 'nothing_to_refund', message: 'x', details: [] }, sent, money)[
      FORM
    ]?.key,
    'REFUND_NOTHING_LEFT',
  )
  assert.deepEqual(
    errorsFromRefundApi({ status: 400, type: 'other', message: 'Odd', details: [] }, sent, money),
    {
      [FORM]: { key: 'REFUND_REFUSED', values: { message: 'Odd' } },
    },
  )
})
