import assert from 'node:assert/strict'
import { test } from 'node:test'
import { CHECKOUT_FIELDS, type CheckoutValues, fieldOfDetail, validateCheckout } from './fields.ts'

const blank = Object.fromEntries(CHECKOUT_FIELDS.map((f) => [f, ''])) as CheckoutValues

test('required fields, short entries and e-mail format give their message keys', () => {
  const errors = validateCheckout({ ...blank, street: 'x', email: 'nope', firstName: 'Ada' })
  assert.equal(errors.lastName, 'FIELD_REQUIRED')
  assert.equal(errors.street, 'FIELD_TOO_SHORT')
  assert.equal(errors.email, 'EMAIL_INVALID')
  assert.equal(errors.firstName, undefined)
  assert.equal(errors.streetAppendix, undefined)
})

test('API detail fields map back to form fields', () => {
  assert.equal(fieldOfDetail('body.addresses.0.zipCode'), 'zipCode')
  assert.equal(fieldOfDetail('body.customer.email'), 'email')
  assert.equal(fieldOfDetail('body.cartId'), undefined)
})
