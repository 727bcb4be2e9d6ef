import assert from 'node:assert/strict'
import { test } from 'node:test'
import {
  amountIn,
  type CouponTerms,
  checkCoupon,
  minOrderIn,
  type Redemption,
  withinCustomerLimit,
} from './coupon.rules.ts'

const coupon = (over: Partial<CouponTerms> = {}): CouponTerms => ({
  code: 'C',
  name: 'C',
  discountType: 'ABSOLUTE',
  amounts: { USD: 1000 },
  percentage: null,
  validFrom: null,
  validUntil: null,
  minOrders: {},
  minOrderAnyMinor: null,
  maxRedemptions: null,
  redemptions: 0,
  perCustomer: null,
  customersOnly: false,
  restricted: false,
  customer: null,
  ...over,
})
const now = '2026-05-01T00:00:00.000Z'
const redemption = (over: Partial<Redemption> = {}): Redemption => ({
  now,
  currency: 'USD',
  subtotalMinor: 5000,
  customerId: null,
  ...over,
})
const types = (c: CouponTerms, r = redemption()) => checkCoupon(c, r).map((p) => p.type)
const ada = { customerId: 'ada', redemptions: 0, listed: false }
const signedIn = redemption({ customerId: 'ada' })

test('a plain coupon applies', () => assert.deepEqual(types(coupon()), []))

test('validity dates: not active before, expired from validUntil on', () => {
  assert.deepEqual(types(coupon({ validFrom: '2026-06-01T00:00:00.000Z' })), ['coupon_not_active'])
  assert.deepEqual(types(coupon({ validUntil: now })), ['coupon_expired'])
  assert.deepEqual(types(coupon({ validFrom: now, validUntil: '2026-05-02T00:00:00.000Z' })), [])
})

test('redemption count, customers only, amount', () => {
  assert.deepEqual(types(coupon({ maxRedemptions: 3, redemptions: 3 })), ['coupon_redemptions_exceeded'])
  assert.deepEqual(types(coupon({ maxRedemptions: 3, redemptions: 2 })), [])
  assert.deepEqual(types(coupon({ customersOnly: true })), ['coupon_redemption_forbidden'])
  assert.deepEqual(types(coupon({ customersOnly: true }), signedIn), [])
  assert.deepEqual(types(coupon({ amounts: { USD: 0 } })), ['coupon_discount_amount_incorrect'])
  assert.deepEqual(types(coupon({ discountType: 'PERCENT', percentage: 101, amounts: {} })), [
    'coupon_discount_amount_incorrect',
  ])
})

test('an amount per currency: a currency without one is refused, each applies its own', () => {
  const both = coupon({ amounts: { USD: 1000, EUR: 900 } })
  assert.deepEqual(types(coupon({ amounts: { EUR: 900 } })), ['coupon_currency_incorrect'])
  assert.deepEqual(types(both), [])
  assert.deepEqual(types(both, redemption({ currency: 'EUR' })), [])
  assert.equal(amountIn(both, 'EUR'), 900)
  assert.equal(amountIn(both, 'CHF'), null)
  assert.deepEqual(types(coupon({ amounts: {} }), redemption({ currency: 'EUR' })), [
    'coupon_currency_incorrect',
  ])
  const percent = coupon({ discountType: 'PERCENT', percentage: 10, amounts: {} })
  assert.deepEqual(types(percent, redemption({ currency: 'EUR' })), [])
  assert.equal(amountIn(percent, 'USD'), null)
})

test('a minimum per currency; an older coupon’s minimum holds in every currency not listed', () => {
  const min = coupon({ minOrders: { USD: 5001, EUR: 3000 } })
  assert.deepEqual(types(min), ['coupon_order_total_too_low'])
  assert.deepEqual(types(coupon({ minOrders: { USD: 5000 } })), [])
  assert.deepEqual(types(min, redemption({ currency: 'EUR', subtotalMinor: 3000 })), [
    'coupon_currency_incorrect',
  ])
  const percent = coupon({ discountType: 'PERCENT', percentage: 5, amounts: {}, minOrders: { EUR: 3000 } })
  assert.deepEqual(types(percent, redemption({ currency: 'EUR', subtotalMinor: 2999 })), [
    'coupon_order_total_too_low',
  ])
  assert.deepEqual(types(percent, redemption({ currency: 'CHF', subtotalMinor: 1 })), [], 'no minimum in CHF')
  const older = coupon({ minOrderAnyMinor: 6000, minOrders: { EUR: 100 } })
  assert.equal(minOrderIn(older, 'USD'), 6000)
  assert.equal(minOrderIn(older, 'EUR'), 100)
  assert.deepEqual(types(older), ['coupon_order_total_too_low'])
})

test('a per-customer limit: signed in only, counted for the customer the terms were read for', () => {
  const limited = (redemptions: number) => coupon({ perCustomer: 2, customer: { ...ada, redemptions } })
  assert.deepEqual(types(limited(0)), ['coupon_redemption_forbidden'], 'anonymous')
  assert.deepEqual(types(limited(1), signedIn), [])
  assert.deepEqual(types(limited(2), signedIn), ['coupon_redemptions_exceeded'])
  assert.deepEqual(types(limited(2), redemption({ customerId: 'bob' })), [], 'bob has his own count')
  assert.equal(withinCustomerLimit(2, 1), true)
  assert.equal(withinCustomerLimit(2, 2), false)
  assert.equal(withinCustomerLimit(null, 99), true)
})

test('restricted to customers: anonymous and unlisted callers are refused (403), listed ones redeem', () => {
  const listedAda = coupon({ restricted: true, customer: { ...ada, listed: true } })
  assert.deepEqual(types(listedAda, signedIn), [])
  assert.deepEqual(types(listedAda), ['coupon_redemption_forbidden'])
  assert.deepEqual(types(listedAda, redemption({ customerId: 'bob' })), ['coupon_redemption_forbidden'])
  assert.deepEqual(types(coupon({ restricted: true, customer: ada }), signedIn), [
    'coupon_redemption_forbidden',
  ])
  const anonymous = checkCoupon(listedAda, redemption())[0]?.message
  const stranger = checkCoupon(listedAda, redemption({ customerId: 'bob' }))[0]?.message
  assert.notEqual(anonymous, stranger, 'sign in, or not for you')
})

test('several broken rules are all reported, the forbidden one first', () => {
  assert.deepEqual(types(coupon({ customersOnly: true, validUntil: now })), [
    'coupon_redemption_forbidden',
    'coupon_expired',
  ])
})
