import assert from 'node:assert/strict'
import { test } from 'node:test'
import { type CouponTerms, checkCoupon, type Redemption } from './coupon.rules.ts'

const coupon = (over: Partial<CouponTerms> = {}): CouponTerms => ({
  code: 'C',
  name: 'C',
  discountType: 'ABSOLUTE',
  amountMinor: 1000,
  currency: 'USD',
  percentage: null,
  validFrom: null,
  validUntil: null,
  minOrderMinor: null,
  maxRedemptions: null,
  redemptions: 0,
  customersOnly: false,
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

test('a plain coupon applies', () => assert.deepEqual(types(coupon()), []))

test('validity dates: not active before, expired from validUntil on', () => {
  assert.deepEqual(types(coupon({ validFrom: '2026-06-01T00:00:00.000Z' })), ['coupon_not_active'])
  assert.deepEqual(types(coupon({ validUntil: now })), ['coupon_expired'])
  assert.deepEqual(types(coupon({ validFrom: now, validUntil: '2026-05-02T00:00:00.000Z' })), [])
})

test('redemption count, customers only, currency, minimum order total, amount', () => {
  assert.deepEqual(types(coupon({ maxRedemptions: 3, redemptions: 3 })), ['coupon_redemptions_exceeded'])
  assert.deepEqual(types(coupon({ maxRedemptions: 3, redemptions: 2 })), [])
  assert.deepEqual(types(coupon({ customersOnly: true })), ['coupon_redemption_forbidden'])
  assert.deepEqual(types(coupon({ customersOnly: true }), redemption({ customerId: 'c1' })), [])
  assert.deepEqual(types(coupon({ currency: 'EUR' })), ['coupon_currency_incorrect'])
  assert.deepEqual(
    types(
      coupon({ discountType: 'PERCENT', percentage: 10, currency: null }),
      redemption({ currency: 'EUR' }),
    ),
    [],
  )
  assert.deepEqual(types(coupon({ minOrderMinor: 5001 })), ['coupon_order_total_too_low'])
  assert.deepEqual(types(coupon({ minOrderMinor: 5000 })), [])
  assert.deepEqual(types(coupon({ amountMinor: 0 })), ['coupon_discount_amount_incorrect'])
  assert.deepEqual(types(coupon({ discountType: 'PERCENT', percentage: 101 })), [
    'coupon_discount_amount_incorrect',
  ])
})

test('several broken rules are all reported, the forbidden one first', () => {
  assert.deepEqual(types(coupon({ customersOnly: true, validUntil: now })), [
    'coupon_redemption_forbidden',
    'coupon_expired',
  ])
})
