import { type CalculationRequest, calculationApi } from '@shop/contracts/calculation'
import { cartApi } from '@shop/contracts/cart'
import { couponApi } from '@shop/contracts/coupon'
import { feeApi } from '@shop/contracts/fee'
import { type ShippingCost, shippingApi } from '@shop/contracts/shipping'
import { isApiError, type Transport } from './transport.ts'

/** Carts, coupons, fees, calculation and shipping (spec §7); shipping zones and item fees: browse.ts. */
export function cartCalls({ call }: Transport) {
  const item = (cartId: string, itemId: string) => ({ cartId, itemId })
  const calls = {
    createCart: (siteCode: string, currency?: string) =>
      call(cartApi.createCart, { body: { siteCode, currency } }),
    cart: (cartId: string) => call(cartApi.cart, { params: { cartId } }),
    customerCarts: (customerId: string, siteCode: string) =>
      call(cartApi.customerCarts, { query: { customerId, siteCode } }),
    changeSite: (cartId: string, siteCode: string) =>
      call(cartApi.changeSite, { params: { cartId }, body: { siteCode } }),
    mergeCarts: (cartId: string, carts: string[]) =>
      call(cartApi.mergeCarts, { params: { cartId }, body: { carts } }),
    setCartDestination: (cartId: string, countryCode: string, zipCode: string) =>
      call(cartApi.setDestination, { params: { cartId }, body: { countryCode, zipCode } }),
    addCartItem: (cartId: string, body: { productId: string; variantId?: string; quantity: number }) =>
      call(cartApi.addItem, { params: { cartId }, body }),
    updateCartItem: (cartId: string, itemId: string, quantity: number) =>
      call(cartApi.updateItem, {
        params: item(cartId, itemId),
        query: { partial: 'true' },
        body: { quantity },
      }),
    setCartItemNote: (cartId: string, itemId: string, comment: string) =>
      call(cartApi.updateItem, {
        params: item(cartId, itemId),
        query: { partial: 'true' },
        body: { mixins: { note: { comment } } },
      }),
    removeCartItem: (cartId: string, itemId: string) =>
      call(cartApi.removeItem, { params: item(cartId, itemId) }),
    addDiscount: (cartId: string, code: string) =>
      call(cartApi.addDiscount, { params: { cartId }, body: { code } }),
    removeDiscount: (cartId: string, discountId: string) =>
      call(cartApi.removeDiscount, { params: { cartId, discountId } }),
    removeDiscounts: (cartId: string) => call(cartApi.removeDiscounts, { params: { cartId } }),
    coupon: (code: string, currency?: string) =>
      call(couponApi.coupon, { params: { code }, query: { currency } }),
    calculation: (body: CalculationRequest) => call(calculationApi.calculate, { body }),
    fees: (siteCode?: string) => call(feeApi.fees, { query: { siteCode } }),
    shippingQuote: (siteCode: string, cartTotal: { amount: number; currency: string }, countryCode: string) =>
      call(shippingApi.quote, {
        params: { site: siteCode },
        body: { cartTotal, shipToAddress: { countryCode } },
      }),
    /** Spec §7: a cost lookup without a match (404) is a zero price. */
    shippingCost: async (
      siteCode: string,
      query: { countryCode: string; amount: number; currency: string; methodId?: string; zoneId?: string },
    ): Promise<ShippingCost> => {
      try {
        return await call(shippingApi.shippingCost, { params: { site: siteCode }, query })
      } catch (error) {
        if (!isApiError(error, 404)) throw error
        return { methodId: null, zoneId: null, price: { amount: 0, currency: query.currency } }
      }
    },
  }
  return {
    ...calls,
    /** The cart as the current site sees it: a cart of another site is moved first (spec §4, changeSite). */
    cartForSite: async (cartId: string, siteCode: string) => {
      const cart = await calls.cart(cartId)
      return cart.siteCode === siteCode ? cart : calls.changeSite(cartId, siteCode)
    },
  }
}
