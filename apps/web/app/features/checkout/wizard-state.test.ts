import assert from 'node:assert/strict'
import { test } from 'node:test'
import type { CustomerAddress } from '@shop/contracts/address'
import { emptyAddress } from '../address/address-values.ts'
import { openStep } from './wizard.ts'
import {
  type CheckContext,
  initialWizard,
  shippingAddressOf,
  shownErrors,
  type WizardState,
  wizardReducer,
} from './wizard-state.ts'

const book = {
  id: 'a1',
  contactName: 'Ada Lovelace',
  street: '1 Main St',
  city: 'Springfield',
  state: 'IL',
  zipCode: '62701',
  country: 'US',
  isDefault: true,
} as CustomerAddress

const guest = () => initialWizard({ customer: null, country: 'US' })
const run = (state: WizardState, ...actions: Parameters<typeof wizardReducer>[1][]) =>
  actions.reduce(wizardReducer, state)
const ctx = (state: WizardState): CheckContext => ({
  guest: true,
  shipping: { address: shippingAddressOf(state), method: 'z|m' },
  shippable: ['US'],
  checkCard: true,
  now: new Date(2026, 0, 1),
})

test('a customer starts with their names and the default address picked for shipping', () => {
  const state = initialWizard({
    customer: { firstName: 'Ada', lastName: 'L', contactEmail: 'ada@example.com' },
    country: 'US',
    defaultAddress: book,
  })
  assert.equal(state.billing.email, 'ada@example.com')
  assert.equal(state.picked.shipping, 'a1')
  assert.equal(state.nameEdited, true)
  assert.equal(shippingAddressOf(state).street, '1 Main St')
})

test("a guest's shipping contact name follows the typed names until edited", () => {
  let state = run(guest(), {
    type: 'billing',
    billing: { ...guest().billing, firstName: 'Ada', lastName: 'L' },
  })
  assert.equal(shippingAddressOf(state).contactName, 'Ada L')
  state = run(state, { type: 'shipping-address', address: { ...shippingAddressOf(state), city: 'Rome' } })
  assert.equal(state.nameEdited, false, 'another field leaves the name following')
  state = run(state, {
    type: 'shipping-address',
    address: { ...shippingAddressOf(state), contactName: 'Bob' },
  })
  assert.equal(state.nameEdited, true)
  assert.equal(shippingAddressOf(state).contactName, 'Bob')
})

test('another shipping country drops the chosen method; typing unpicks the book entry', () => {
  let state = run(
    guest(),
    { type: 'pick-shipping', address: book },
    { type: 'shipping-method', method: 'z|m' },
  )
  state = run(state, { type: 'shipping-address', address: { ...state.shipping.address, city: 'Chicago' } })
  assert.equal(state.shipping.method, 'z|m')
  assert.equal(state.picked.shipping, undefined)
  state = run(state, { type: 'shipping-address', address: emptyAddress('CA') })
  assert.equal(state.shipping.method, '')
})

test('a failed attempt shows the step errors and PLEASE_CORRECT_ERRORS; completing moves on', () => {
  let state = run(guest(), { type: 'attempt', step: 1, valid: false })
  assert.equal(state.messages[1], 'PLEASE_CORRECT_ERRORS')
  assert.equal(shownErrors(state, ctx(state)).firstName, 'FIELD_REQUIRED')
  assert.equal(shownErrors(state, ctx(state)).cardNumber, undefined, 'untried steps show nothing')
  state = run(state, { type: 'complete', step: 1 })
  assert.equal(state.messages[1], undefined)
  assert.equal(state.moved, true)
  assert.equal(openStep(state.flags, false), 2)
})

test('the card token: kept on completing payment, dropped by a card edit or once spent', () => {
  const token = { token: 'tok_1', paymentId: 'test-card' as const }
  let state = run(guest(), { type: 'complete', step: 3, token })
  assert.deepEqual(state.token, token)
  assert.equal(run(state, { type: 'card', card: { ...state.card, cvc: '1' } }).token, null)
  assert.equal(run(state, { type: 'token-spent' }).token, null)
  state = run(state, { type: 'card-refused', errors: { cvc: 'INVALID_CVC' } })
  assert.equal(state.messages[3], 'PLEASE_CORRECT_ERRORS')
  assert.equal(shownErrors(state, ctx(state)).cvc, 'INVALID_CVC')
})

test('a changed cart total returns to shipping with a notice; a card failure reopens payment', () => {
  const done = run(
    guest(),
    { type: 'complete', step: 1 },
    { type: 'complete', step: 2 },
    { type: 'complete', step: 3 },
  )
  const changed = run(done, { type: 'cart-total-changed' })
  assert.equal(openStep(changed.flags, false), 2)
  assert.equal(changed.notice, 'CART_CHANGED_BACK_TO_SHIPPING')
  const failed = run(done, { type: 'order-failed', errors: { cardNumber: 'CARD_DECLINED' } })
  assert.equal(openStep(failed.flags, false), 3)
  assert.equal(failed.extraErrors.cardNumber, 'CARD_DECLINED')
  assert.equal(run(done, { type: 'order-failed', errors: {} }), done, 'other failures stay on review')
  assert.equal(run(done, { type: 'edit', step: 1 }).notice, null)
})
