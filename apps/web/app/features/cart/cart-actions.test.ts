import assert from 'node:assert/strict'
import { test } from 'node:test'
import { ApiRequestError } from '../../lib/api.ts'
import type { ShopSession } from '../../lib/context.server.ts'
import { applyCoupon } from './cart-actions.server.ts'

/** A session whose API answers the coupon in `coupon` and refuses the redemption with `refusal` (if any). */
function session(coupon: object, refusal?: { status: number; type?: string }) {
  const asked: Array<string | undefined> = []
  const api = {
    cart: async () => ({ currency: 'EUR' }),
    coupon: async (_code: string, currency?: string) => {
      asked.push(currency)
      return coupon
    },
    addDiscount: async () => {
      if (!refusal) return {}
      const details = refusal.type ? [{ field: 'code', type: refusal.type, message: '' }] : []
      throw new ApiRequestError(
        refusal.status,
        { status: refusal.status, type: 'x', message: '', details },
        null,
      )
    },
  }
  return { session: { api } as unknown as ShopSession, asked }
}

const percent = { code: 'TEN', discountType: 'PERCENT', discountPercentage: 10 }

test('the coupon is looked up in the cart’s currency; an amount only in another is the currency error', async () => {
  const { session: s, asked } = session({
    code: 'SPAR',
    discountType: 'ABSOLUTE',
    discountAbsolute: { amount: 5, currency: 'USD' },
  })
  assert.equal(await applyCoupon(s, 'cart', 'SPAR', false), 'COUPON_ERR_CURRENCY')
  assert.deepEqual(asked, ['EUR'])
  const eur = session({
    code: 'SPAR',
    discountType: 'ABSOLUTE',
    discountAbsolute: { amount: 5, currency: 'EUR' },
  })
  assert.equal(await applyCoupon(eur.session, 'cart', 'SPAR', false), null)
})

test('spec §8: a 403 is COUPON_ERR_ANONYMOUS for an anonymous shopper, COUPON_NOT_VALID for a signed-in one', async () => {
  const forbidden = session(percent, { status: 403, type: 'coupon_redemption_forbidden' }).session
  assert.equal(await applyCoupon(forbidden, 'cart', 'TEN', false), 'COUPON_ERR_ANONYMOUS')
  assert.equal(await applyCoupon(forbidden, 'cart', 'TEN', true), 'COUPON_NOT_VALID')
  const low = session(percent, { status: 400, type: 'coupon_order_total_too_low' }).session
  assert.equal(await applyCoupon(low, 'cart', 'TEN', true), 'COUPON_ORDER_TOTAL_TOO_LOW')
  const odd = session(percent, { status: 400, type: 'something_else' }).session
  assert.equal(await applyCoupon(odd, 'cart', 'TEN', true), 'COUPON_ERROR')
  assert.equal(await applyCoupon(odd, 'cart', 'a b', true), 'COUPON_NOT_VALID', 'malformed: no call')
})
