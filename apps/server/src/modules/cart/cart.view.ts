import type { Cart, CartDiscount, CartItem } from '@shop/contracts/cart'
import { toAmount } from '@shop/contracts/money'
import type { CartItemsTable, CartsTable } from '../../platform/db/schema.ts'
import { taxFor } from '../calculation/tax.rules.ts'
import type { Totals } from '../calculation/totals.rules.ts'
import { type CouponProblem, type CouponTerms, minOrderIn } from '../coupon/coupon.rules.ts'
import type { PricedItem } from '../pricing/pricing.service.ts'
import type { SiteTerms } from '../site/site.service.ts'

type CartRow = Omit<CartsTable, 'status' | 'version'>
type ItemRow = CartItemsTable

/** A coupon on the cart with the rules it breaks now (none: applied). */
export interface DiscountState {
  id: string
  coupon: CouponTerms
  problems: CouponProblem[]
}

/** Shapes a priced cart as the Cart contract: decimal amounts, §3 field names. */
export function toCartView(
  cart: CartRow,
  items: ItemRow[],
  priced: Map<string, PricedItem>,
  site: SiteTerms,
  totals: Totals,
  discounts: DiscountState[] = [],
  shippingMethod: Cart['shippingMethod'] = null,
): Cart {
  const money = (minor: number) => ({ amount: toAmount(minor, cart.currency), currency: cart.currency })
  const lineById = new Map(totals.lines.map((l) => [l.id, l]))
  return {
    id: cart.id,
    siteCode: cart.site_code,
    currency: cart.currency,
    channel: { name: cart.channel },
    customerId: cart.customer_id,
    items: items.map((item): CartItem => {
      const p = priced.get(item.item_yrn)
      const line = lineById.get(item.id)
      return {
        id: item.id,
        itemYrn: item.item_yrn,
        productId: item.product_id,
        variantId: item.variant_id,
        quantity: item.quantity,
        product: {
          id: item.product_id,
          code: p?.code ?? '',
          name: p?.name ?? item.product_id,
          imageUrl: p?.imageUrl ?? null,
        },
        variants: p?.optionLines ?? [],
        price: {
          effectiveAmount: toAmount(p?.effectiveMinor ?? 0, cart.currency),
          originalAmount: toAmount(p?.originalMinor ?? 0, cart.currency),
          currency: cart.currency,
        },
        itemPrice: money(line?.totalMinor ?? 0),
        fees: money(line?.feesMinor ?? 0),
        inStock: !!p && p.problem === null && p.stock >= item.quantity,
        mixins: item.note === null ? {} : { note: { comment: item.note } },
      }
    }),
    discounts: discounts.map(({ id, coupon, problems }): CartDiscount => {
      const amountMinor = totals.discounts.find((d) => d.code === coupon.code)?.amountMinor ?? 0
      const minOrderMinor = minOrderIn(coupon, cart.currency)
      return {
        id,
        code: coupon.code,
        name: coupon.name,
        discountType: coupon.discountType,
        ...(coupon.discountType === 'PERCENT' && { discountRate: coupon.percentage ?? 0 }),
        amount: toAmount(problems.length ? 0 : amountMinor, cart.currency),
        currency: cart.currency,
        ...(minOrderMinor !== null && {
          minOrderValue: { amount: toAmount(minOrderMinor, cart.currency), currency: cart.currency },
        }),
        applied: problems.length === 0,
        ...(problems[0] && { problem: problems[0].type }),
      }
    }),
    totalUnitsCount: items.reduce((n, i) => n + i.quantity, 0),
    subTotalPrice: money(totals.subtotalMinor),
    totalDiscount: money(totals.discountMinor),
    totalFees: money(totals.feesMinor),
    totalTax: money(totals.taxMinor),
    taxAggregate: {
      label: site.tax.label,
      // the rate that applies to the cart's estimate country (a site may have rates per country)
      rate: taxFor(site.tax, cart.country_code).rateBasisPoints / 100,
      included: site.tax.included,
    },
    shippingCost: money(totals.shippingMinor),
    shippingMethod,
    totalPrice: money(totals.totalMinor),
    countryCode: cart.country_code,
    zipCode: cart.zip_code,
  }
}
