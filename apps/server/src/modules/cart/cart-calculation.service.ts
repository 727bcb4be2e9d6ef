import type { Calculation, CalculationRequest } from '@shop/contracts/calculation'
import { toAmount } from '@shop/contracts/money'
import { parseYrn } from '@shop/contracts/yrn'
import type { AppContext } from '../../platform/http/context.ts'
import { badRequest, notFound } from '../../platform/http/errors.ts'
import { taxFor } from '../calculation/tax.rules.ts'
import { type CalcInput, calculate, type Totals } from '../calculation/totals.rules.ts'
import * as coupons from '../coupon/coupon.service.ts'
import * as pricing from '../pricing/pricing.service.ts'
import * as shipping from '../shipping/shipping.service.ts'
import * as carts from './cart.service.ts'

type DbCtx = Pick<AppContext, 'db'>

/**
 * POST calculation: the totals of a cart (or of a list of items) with extra coupons, a ship-to country and
 * a shipping method, always from current prices: amounts sent by the client are ignored.
 */
export async function calculateRequest(
  ctx: DbCtx,
  call: carts.CartCall,
  body: CalculationRequest,
): Promise<Calculation> {
  const countryCode = body.addresses?.find((a) => a.type === 'SHIP_TO')?.countryCode
  const base = body.cartId
    ? await fromCart(ctx, call, body.cartId, countryCode)
    : await fromItems(ctx, body, countryCode)
  if (base.siteCode !== body.siteCode || (body.currency && body.currency !== base.input.currency)) {
    throw badRequest(
      'currency_mismatch',
      `The calculation is for site ${base.siteCode} in ${base.input.currency}`,
      [
        {
          field: 'body.currency',
          type: 'invalid',
          message: `must be ${base.input.currency} on site ${base.siteCode}`,
        },
      ],
    )
  }
  const goods = calculate(base.input)
  const extra = await extraDiscounts(ctx, call, body, base.input, goods.subtotalMinor)
  const input: CalcInput = { ...base.input, discounts: [...(base.input.discounts ?? []), ...extra] }
  let shippingMinor = 0
  if (body.shipping) {
    if (!countryCode) {
      throw badRequest('address_required', 'A SHIP_TO address is needed to quote shipping', [
        { field: 'body.addresses', type: 'required', message: 'a SHIP_TO address is required' },
      ])
    }
    const withDiscounts = calculate(input)
    const quote = await shipping.quote(
      ctx,
      base.siteCode,
      countryCode,
      body.shipping.methodId,
      body.shipping.zoneId,
      withDiscounts.subtotalMinor - withDiscounts.discountMinor,
    )
    if (quote.currency !== input.currency) {
      throw badRequest('currency_mismatch', 'The shipping method charges in another currency', [
        { field: 'body.shipping.methodId', type: 'invalid', message: `charges in ${quote.currency}` },
      ])
    }
    shippingMinor = quote.costMinor
  }
  return toCalculationView(calculate({ ...input, shippingMinor }), base.lineInfo)
}

interface Base {
  siteCode: string
  input: CalcInput
  lineInfo: Map<string, { itemYrn: string; quantity: number; unitPriceMinor: number }>
}

async function fromCart(
  ctx: DbCtx,
  call: carts.CartCall,
  cartId: string,
  countryCode?: string,
): Promise<Base> {
  const { site, items, priced, calcInput } = await carts.pricedCart(ctx, call, cartId, { countryCode })
  const lineInfo = new Map(
    items.map((i) => [
      i.id,
      {
        itemYrn: i.item_yrn,
        quantity: i.quantity,
        unitPriceMinor: priced.get(i.item_yrn)?.effectiveMinor ?? 0,
      },
    ]),
  )
  return { siteCode: site.code, input: calcInput, lineInfo }
}

async function fromItems(ctx: DbCtx, body: CalculationRequest, countryCode?: string): Promise<Base> {
  const site = await carts.requireSite(ctx, body.siteCode, 'body.siteCode')
  const refs = (body.items ?? []).map((item, index) => {
    const ref = item.itemYrn
      ? parseYrn(item.itemYrn)
      : item.productId
        ? { productId: item.productId, variantId: item.variantId ?? null }
        : null
    if (!ref)
      throw badRequest('invalid_item_yrn', 'The item is not valid', [
        { field: `body.items.${index}.itemYrn`, type: 'invalid', message: 'not an item yrn' },
      ])
    return ref
  })
  const priced = await pricing.priceItems(ctx, site, site.defaultLanguage, refs)
  const lineInfo: Base['lineInfo'] = new Map()
  const lines = (body.items ?? []).map((item, index) => {
    const ref = refs[index] as pricing.ItemRef
    const p = priced.get(pricing.itemKey(ref))
    if (!p || p.problem) throw notFound('Product', ref.productId)
    const id = item.itemId ?? String(index)
    lineInfo.set(id, { itemYrn: p.itemYrn, quantity: item.quantity, unitPriceMinor: p.effectiveMinor })
    return pricing.toCalcLine(id, p, item.quantity)
  })
  return {
    siteCode: site.code,
    input: { currency: site.currency, lines, tax: taxFor(site.tax, countryCode) },
    lineInfo,
  }
}

async function extraDiscounts(
  ctx: DbCtx,
  call: carts.CartCall,
  body: CalculationRequest,
  input: CalcInput,
  subtotalMinor: number,
) {
  const have = new Set((input.discounts ?? []).map((d) => d.code))
  const codes = [...new Set((body.discounts ?? []).map((d) => d.code))].filter((c) => !have.has(c))
  const found = await coupons.findCoupons(ctx, codes, call.principal.customerId)
  return codes.map((code) => {
    const coupon = found.find((c) => c.code === code)
    if (!coupon) throw notFound('Coupon', code)
    coupons.assertRedeemable(coupon, {
      now: new Date().toISOString(),
      currency: input.currency,
      subtotalMinor,
      customerId: call.principal.customerId,
    })
    return coupons.toCalcDiscount(coupon, input.currency)
  })
}

function toCalculationView(totals: Totals, lineInfo: Base['lineInfo']): Calculation {
  const money = (minor: number) => ({ amount: toAmount(minor, totals.currency), currency: totals.currency })
  return {
    currency: totals.currency,
    items: totals.lines.map((line) => {
      const info = lineInfo.get(line.id)
      return {
        itemId: line.id,
        itemYrn: info?.itemYrn ?? '',
        quantity: info?.quantity ?? 0,
        unitPrice: money(info?.unitPriceMinor ?? 0),
        itemPrice: money(line.totalMinor),
        fees: money(line.feesMinor),
      }
    }),
    discounts: totals.discounts.map((d) => ({ code: d.code, amount: money(d.amountMinor) })),
    subTotalPrice: money(totals.subtotalMinor),
    totalDiscount: money(totals.discountMinor),
    totalFees: money(totals.feesMinor),
    totalTax: money(totals.taxMinor),
    taxIncluded: totals.taxIncluded,
    shippingCost: money(totals.shippingMinor),
    totalPrice: money(totals.totalMinor),
  }
}
