import type { StaffPrice } from '@shop/contracts/backoffice'
import type { StaffGridRow, StaffGridSave } from '@shop/contracts/backoffice-variants'
import { amountText, parseAmount } from './product-form.ts'

/** What a grid cell shows for a price: its amount, and the original only when the price is reduced. */
export function priceTexts(row: StaffGridRow, currency: string) {
  const p = row.prices.find((x) => x.currency === currency)
  return {
    price: p ? amountText(p.effectiveMinor, currency) : '',
    original: p && p.originalMinor !== p.effectiveMinor ? amountText(p.originalMinor, currency) : '',
  }
}

/**
 * The grid's form → the save's rows: only rows the staff member changed (each input is compared with the value
 * the page showed, kept in a hidden input), the stock as compare-and-set on the figure shown. `bad` names the
 * rows (their code) with an amount or a stock that is not one.
 */
export function readGridForm(form: FormData, currencies: readonly string[]) {
  const rows: StaffGridSave['rows'] = []
  const bad: string[] = []
  for (let i = 0; form.has(`row-${i}-product`); i++) {
    const field = (name: string) => String(form.get(`row-${i}-${name}`) ?? '').trim()
    const changed = (name: string) => field(name) !== field(`was-${name}`)
    const edit: StaffGridSave['rows'][number] = {
      productId: field('product'),
      variantId: field('variant') || null,
    }
    if (changed('stock')) {
      if (/^\d{1,9}$/.test(field('stock')))
        edit.stock = { expected: Number(field('was-stock')), stock: Number(field('stock')) }
      else bad.push(field('code'))
    }
    if (currencies.some((c) => changed(`price-${c}`) || changed(`original-${c}`))) {
      const prices: StaffPrice[] = []
      for (const currency of currencies) {
        if (!field(`price-${currency}`)) continue
        const effective = parseAmount(field(`price-${currency}`), currency)
        const original = field(`original-${currency}`)
          ? parseAmount(field(`original-${currency}`), currency)
          : effective
        if (effective === undefined || original === undefined) bad.push(field('code'))
        else
          prices.push({ currency, effectiveMinor: effective, originalMinor: Math.max(effective, original) })
      }
      edit.prices = prices
    }
    if (edit.stock || edit.prices) rows.push(edit)
  }
  return { rows, bad: [...new Set(bad)] }
}
