import assert from 'node:assert/strict'
import { test } from 'node:test'
import type { StaffCoupon } from '@shop/contracts/backoffice-coupons'
import { couponErrorsFromApi, couponFormValues, readCouponForm } from './coupon-form.ts'

const currencies = ['USD', 'EUR']
const keys = (errors: Record<string, { key: string }>) =>
  Object.fromEntries(Object.entries(errors).map(([field, e]) => [field, e.key]))

test('an absolute coupon per currency with a minimum, dates in UTC and restricted customers', () => {
  const { input, errors } = readCouponForm(
    {
      code: ' SPRING(24) ',
      name: 'Spring',
      discountType: 'ABSOLUTE',
      percentage: '15',
      'amount-USD': '',
      'amount-EUR': '5,00',
      'min-EUR': '40',
      'min-USD': '',
      validFrom: '2026-03-01T09:30',
      validUntil: '2026-04-01T00:00:00',
      maxRedemptions: '100',
      perCustomer: '',
      customersOnly: 'on',
      customers: 'ada@example.com\n\n  bob@example.com ',
    },
    currencies,
  )
  assert.deepEqual(errors, {})
  assert.deepEqual(input, {
    code: 'SPRING(24)',
    name: 'Spring',
    discountType: 'ABSOLUTE',
    percentage: null,
    amounts: { EUR: 500 },
    minOrders: { EUR: 4000 },
    validFrom: '2026-03-01T09:30:00.000Z',
    validUntil: '2026-04-01T00:00:00.000Z',
    maxRedemptions: 100,
    perCustomer: null,
    customersOnly: true,
    customers: ['ada@example.com', 'bob@example.com'],
  })
})

test('a percentage coupon drops the amounts it was given', () => {
  const { input, errors } = readCouponForm(
    { code: 'TEN', name: 'Ten', discountType: 'PERCENT', percentage: '10', 'amount-EUR': '5' },
    currencies,
  )
  assert.deepEqual(errors, {})
  assert.equal(input.percentage, 10)
  assert.deepEqual(input.amounts, {})
})

test('each problem on its field', () => {
  const { errors } = readCouponForm(
    {
      code: 'NO SPACE',
      name: ' ',
      discountType: 'PERCENT',
      percentage: '101',
      'min-EUR': '0',
      'min-USD': 'ten',
      validFrom: '2026-04-01T00:00',
      validUntil: '2026-03-01T00:00',
      maxRedemptions: '0',
      perCustomer: '1.5',
      customers: 'ada@example.com, not-an-address',
    },
    currencies,
  )
  assert.deepEqual(keys(errors), {
    code: 'COUPON_CODE_INVALID',
    name: 'REQUIRED',
    percentage: 'PERCENTAGE_INVALID',
    'min-EUR': 'AMOUNT_ABOVE_ZERO',
    'min-USD': 'AMOUNT_INVALID',
    validUntil: 'END_BEFORE_START',
    maxRedemptions: 'LIMIT_INVALID',
    perCustomer: 'LIMIT_INVALID',
    customers: 'EMAIL_NOT_VALID',
  })
  assert.deepEqual(errors.customers?.values, { email: 'not-an-address' })
  const absolute = readCouponForm({ code: 'ABC', name: 'x', discountType: 'ABSOLUTE' }, currencies)
  assert.deepEqual(keys(absolute.errors), { 'amount-USD': 'COUPON_AMOUNT_NEEDED' })
  const date = readCouponForm({ code: 'ABC', name: 'x', percentage: '5', validFrom: 'tomorrow' }, currencies)
  assert.deepEqual(keys(date.errors), { validFrom: 'DATE_INVALID' })
})

test('the API’s refusals land on the form’s fields', () => {
  const sent = readCouponForm(
    { code: 'ABC', name: 'x', percentage: '5', customers: 'a@example.com\nb@example.com' },
    currencies,
  ).input
  const errors = couponErrorsFromApi(
    [
      { field: 'body.code', type: 'coupon_exists', message: '' },
      { field: 'body.minOrders.EUR', type: 'unknown_currency', message: '' },
      { field: 'body.customers.1', type: 'unknown_customer', message: '' },
    ],
    sent,
    currencies,
  )
  assert.deepEqual(keys(errors), {
    code: 'COUPON_CODE_TAKEN',
    'min-EUR': 'AMOUNT_INVALID',
    customers: 'EMAIL_NO_CUSTOMER',
  })
  assert.deepEqual(errors.customers?.values, { email: 'b@example.com' })
})

test('a saved coupon fills the form in the shop’s currencies, instants as UTC date-times', () => {
  const coupon = {
    code: 'SPAR5',
    name: 'Spar',
    discountType: 'ABSOLUTE',
    percentage: null,
    amounts: { EUR: 500 },
    minOrders: { EUR: 4000, USD: 4500 },
    validFrom: '2026-03-01T09:30:00.000Z',
    validUntil: null,
    maxRedemptions: null,
    perCustomer: 2,
    customersOnly: false,
    restrictedTo: 1,
    redemptions: 3,
    customersRedeemed: 2,
    status: 'active',
    customers: ['ada@example.com'],
  } satisfies StaffCoupon
  const values = couponFormValues(coupon, currencies)
  assert.equal(values['amount-EUR'], '5.00')
  assert.equal(values['amount-USD'], '')
  assert.equal(values['min-USD'], '45.00')
  assert.equal(values.validFrom, '2026-03-01T09:30')
  assert.equal(values.validUntil, '')
  assert.equal(values.perCustomer, '2')
  assert.equal(values.customers, 'ada@example.com')
  assert.deepEqual(readCouponForm(values, currencies).input.minOrders, { EUR: 4000, USD: 4500 })
  assert.equal(couponFormValues(null, currencies).discountType, 'PERCENT')
})
