import assert from 'node:assert/strict'
import { test } from 'node:test'
import {
  type BillingValues,
  emptyAddress,
  expiryYears,
  validateBilling,
  validateCardFields,
  validateShipping,
} from './fields.ts'

const billing: BillingValues = {
  firstName: 'Ada',
  lastName: '',
  email: 'ada@example.com',
  emailConfirm: 'ada@example.org',
  sameAsShipping: true,
  address: emptyAddress('US'),
}

test('billing: required, e-mail confirmation not matching, own address only when not same as shipping', () => {
  const errors = validateBilling(billing, true)
  assert.equal(errors.lastName, 'FIELD_REQUIRED')
  assert.equal(errors.emailConfirm, 'EMAILS_NOT_MATCHING')
  assert.equal(errors.firstName, undefined)
  assert.equal(errors['billing.street'], undefined)
  assert.equal(validateBilling(billing, false).emailConfirm, undefined)
  const own = validateBilling(
    { ...billing, sameAsShipping: false, address: { ...emptyAddress('JP'), street: 'x' } },
    false,
  )
  assert.equal(own['billing.street'], 'FIELD_TOO_SHORT')
  assert.equal(own['billing.country'], undefined, 'billing is not restricted to shippable countries')
})

test('shipping: templates per country and only countries a zone serves', () => {
  const us = validateShipping({ address: emptyAddress('US'), method: '' }, ['US', 'DE'])
  assert.equal(us['shipping.state'], 'FIELD_REQUIRED')
  assert.equal(us.shippingMethod, 'FIELD_REQUIRED')
  const de = validateShipping({ address: emptyAddress('DE'), method: 'z|m' }, ['US', 'DE'])
  assert.equal(de['shipping.state'], undefined)
  const jp = validateShipping({ address: emptyAddress('JP'), method: 'z|m' }, ['US', 'DE'])
  assert.equal(jp['shipping.country'], 'COUNTRY_NOT_SHIPPABLE')
})

test('card: expiry years from this year for 10 years, past expiry refused', () => {
  const now = new Date(2026, 10, 23)
  assert.deepEqual(expiryYears(now), [
    '2026',
    '2027',
    '2028',
    '2029',
    '2030',
    '2031',
    '2032',
    '2033',
    '2034',
    '2035',
  ])
  const errors = validateCardFields({ number: '4242', expMonth: '10', expYear: '2026', cvc: '' }, now)
  assert.equal(errors.cardNumber, 'FIELD_TOO_SHORT')
  assert.equal(errors.expiry, 'INVALID_EXPIRATION_DATE')
  assert.equal(errors.cvc, 'FIELD_REQUIRED')
  assert.deepEqual(
    validateCardFields({ number: '4242424242424242', expMonth: '11', expYear: '2026', cvc: '123' }, now),
    {},
  )
})
