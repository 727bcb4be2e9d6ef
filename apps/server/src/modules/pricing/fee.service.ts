import type { Fee } from '@shop/contracts/fee'
import { toAmount } from '@shop/contracts/money'
import { parseYrn, productYrn } from '@shop/contracts/yrn'
import type { AppContext } from '../../platform/http/context.ts'
import { badRequest } from '../../platform/http/errors.ts'
import * as repo from './fee.repository.ts'

type FeeRow = Awaited<ReturnType<typeof repo.findFees>>[number]

/** POST itemFees/search: the fees of each item yrn on a site; a variant has its product's fees. */
export async function searchItemFees(ctx: Pick<AppContext, 'db'>, itemYrns: string[], siteCode: string) {
  const refs = itemYrns.map((yrn, index) => {
    const ref = parseYrn(yrn)
    if (!ref)
      throw badRequest('invalid_item_yrn', 'An item yrn is not valid', [
        { field: `body.itemYrns.${index}`, type: 'invalid', message: 'not an item yrn' },
      ])
    return { yrn, ref }
  })
  const rows = await repo.findFees(ctx.db, {
    productIds: [...new Set(refs.map((r) => r.ref.productId))],
    siteCode,
  })
  return refs.map(({ yrn, ref }) => ({
    itemYrn: yrn,
    fees: rows.filter((f) => f.product_id === ref.productId).map((f) => toFeeView(f, yrn)),
  }))
}

/** GET fees: every fee, optionally of one site or product, sorted by name. */
export async function listFees(
  ctx: Pick<AppContext, 'db'>,
  filter: { siteCode?: string; productId?: string },
) {
  const rows = await repo.findFees(ctx.db, {
    siteCode: filter.siteCode,
    productIds: filter.productId ? [filter.productId] : undefined,
  })
  return rows.map((f) => toFeeView(f, productYrn(f.product_id)))
}

function toFeeView(f: FeeRow, itemYrn: string): Fee {
  return {
    id: f.id,
    name: f.name,
    feeType: f.fee_type === 'ABSOLUTE_MULTIPLY_ITEMQUANTITY' ? 'ABSOLUTE_MULTIPLY_ITEMQUANTITY' : 'ABSOLUTE',
    feeAbsolute: { amount: toAmount(f.amount_minor, f.currency), currency: f.currency },
    siteCode: f.site_code,
    itemYrn,
  }
}
