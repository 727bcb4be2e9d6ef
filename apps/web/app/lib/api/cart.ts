import type { Calculation, CalculationRequest } from '@shop/contracts/calculation'
import type { Cart } from '@shop/contracts/cart'
import type { Coupon } from '@shop/contracts/coupon'
import type { Fee } from '@shop/contracts/fee'
import type { Quote, ShippingCost, ShippingZone } from '@shop/contracts/shipping'
import { id, isApiError, type Transport } from './transport.ts'

/** Carts, coupons, fees, calculation and shipping (spec §7). */
export function cartCalls({ json }: Transport) {
  const item = (cartId: string, itemId: string) => `/api/cart/carts/${id(cartId)}/items/${id(itemId)}`
  const calls = {
    createCart: (siteCode: string, currency?: string) =>
      json<{ cartId: string }>('POST', '/api/cart/carts', { body: { siteCode, currency } }),
    cart: (cartId: string) => json<Cart>('GET', `/api/cart/carts/${id(cartId)}`),
    customerCarts: (customerId: string, siteCode: string) =>
      json<Cart[]>('GET', '/api/cart/carts', { query: { customerId, siteCode } }),
    changeSite: (cartId: string, siteCode: string) =>
      json<Cart>('POST', `/api/cart/carts/${id(cartId)}/changeSite`, { body: { siteCode } }),
    mergeCarts: (cartId: string, carts: string[]) =>
      json<Cart>('POST', `/api/cart/carts/${id(cartId)}/merge`, { body: { carts } }),
    setCartDestination: (cartId: string, countryCode: string, zipCode: string) =>
      json<Cart>('PUT', `/api/cart/carts/${id(cartId)}`, { body: { countryCode, zipCode } }),
    addCartItem: (cartId: string, body: { productId: string; variantId?: string; quantity: number }) =>
      json<{ itemId: string }>('POST', `/api/cart/carts/${id(cartId)}/items`, { body }),
    updateCartItem: (cartId: string, itemId: string, quantity: number) =>
      json<Cart>('PUT', item(cartId, itemId), { query: { partial: 'true' }, body: { quantity } }),
    setCartItemNote: (cartId: string, itemId: string, comment: string) =>
      json<Cart>('PUT', item(cartId, itemId), {
        query: { partial: 'true' },
        body: { mixins: { note: { comment } } },
      }),
    removeCartItem: (cartId: string, itemId: string) => json<unknown>('DELETE', item(cartId, itemId)),
    addDiscount: (cartId: string, code: string) =>
      json<{ discountId: string }>('POST', `/api/cart/carts/${id(cartId)}/discounts`, { body: { code } }),
    removeDiscount: (cartId: string, discountId: string) =>
      json<unknown>('DELETE', `/api/cart/carts/${id(cartId)}/discounts/${id(discountId)}`),
    removeDiscounts: (cartId: string) => json<unknown>('DELETE', `/api/cart/carts/${id(cartId)}/discounts`),
    coupon: (code: string) => json<Coupon>('GET', `/api/coupon/coupons/${id(code)}`),
    calculation: (body: CalculationRequest) => json<Calculation>('POST', '/api/cart/calculation', { body }),
    itemFees: (itemYrns: string[], siteCode: string) =>
      json<Array<{ itemYrn: string; fees: Fee[] }>>('POST', '/api/fee/itemFees/search', {
        body: { itemYrns, siteCode },
      }),
    fees: (siteCode?: string) => json<Fee[]>('GET', '/api/fee/fees', { query: { siteCode } }),

    shippingZones: (siteCode: string) =>
      json<ShippingZone[]>('GET', `/api/shipping/${id(siteCode)}/zones`, {
        query: { expand: 'methods,fees', activeMethods: 'true' },
      }),
    shippingQuote: (siteCode: string, cartTotal: { amount: number; currency: string }, countryCode: string) =>
      json<Quote>('POST', `/api/shipping/${id(siteCode)}/quote`, {
        body: { cartTotal, shipToAddress: { countryCode } },
      }),
    /** Spec §7: a cost lookup without a match (404) is a zero price. */
    shippingCost: async (
      siteCode: string,
      query: { countryCode: string; amount: number; currency: string; methodId?: string; zoneId?: string },
    ): Promise<ShippingCost> => {
      try {
        return await json<ShippingCost>('GET', `/api/shipping/${id(siteCode)}/shippingcosts`, { query })
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
