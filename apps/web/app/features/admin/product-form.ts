import type { StaffPrice, StaffProductCreate } from '@shop/contracts/backoffice'
import type { ErrorDetail } from '@shop/contracts/errors'
import { minorDigits, toAmount } from '@shop/contracts/money'
import type { AdminKey } from '../../i18n/admin.ts'

/** A field's problem: the text's key and its values. */
export type FieldErrors = Record<string, { key: AdminKey; values?: Record<string, string | number> }>

/** "12.50" or "12,50" in a currency's minor digits → minor units; undefined when it is not such an amount. */
export function parseAmount(text: string, currency: string): number | undefined {
  const digits = minorDigits(currency)
  const match = new RegExp(`^(\\d{1,9})(?:[.,](\\d{1,${Math.max(digits, 1)}}))?$`).exec(text.trim())
  if (!match || (digits === 0 && match[2])) return undefined
  return Number(match[1]) * 10 ** digits + Number((match[2] ?? '').padEnd(digits, '0') || '0')
}

/** Minor units → the text the price input shows ("12.50"). */
export const amountText = (minor: number, currency: string) =>
  toAmount(minor, currency).toFixed(minorDigits(currency))

/**
 * The product form's fields → the staff API's body (docs/decisions/0046-admin-web.md): a name and description per
 * language, a price (and an optional original) per currency, integers in minor units.
 */
export function readProductForm(
  form: FormData,
  languages: readonly string[],
  currencies: readonly string[],
): { input: StaffProductCreate; errors: FieldErrors } {
  const text = (name: string) => String(form.get(name) ?? '').trim()
  const errors: FieldErrors = {}
  const sku = text('sku')
  if (!sku) errors.sku = { key: 'REQUIRED' }
  else if (!/^[A-Za-z0-9._-]+$/.test(sku)) errors.sku = { key: 'SKU_INVALID' }
  const texts = languages.map((language) => {
    const name = text(`name-${language}`)
    if (!name) errors[`name-${language}`] = { key: 'REQUIRED' }
    return { language, name, description: String(form.get(`description-${language}`) ?? '') }
  })
  const prices: StaffPrice[] = []
  for (const currency of currencies) {
    const price = text(`price-${currency}`)
    const original = text(`original-${currency}`)
    if (!price && !original) continue
    const effectiveMinor = parseAmount(price, currency)
    const originalMinor = original ? parseAmount(original, currency) : effectiveMinor
    if (effectiveMinor === undefined) errors[`price-${currency}`] = { key: 'AMOUNT_INVALID' }
    if (originalMinor === undefined) errors[`original-${currency}`] = { key: 'AMOUNT_INVALID' }
    if (effectiveMinor !== undefined && originalMinor !== undefined) {
      if (effectiveMinor > originalMinor) errors[`price-${currency}`] = { key: 'ABOVE_ORIGINAL' }
      prices.push({ currency, effectiveMinor, originalMinor })
    }
  }
  const stockText = text('stock') || '0'
  const stock = /^\d{1,9}$/.test(stockText) ? Number(stockText) : -1
  if (stock < 0) errors.stock = { key: 'STOCK_INVALID' }
  const published = form.get('published') === 'on'
  const first = currencies[0]
  if (published && prices.length === 0 && first && !errors[`price-${first}`])
    errors[`price-${first}`] = { key: 'MISSING_PRICE', values: { currency: currencies.join(', ') } }
  return {
    input: { sku, published, taxCode: text('taxCode') || null, texts, prices, stock: Math.max(stock, 0) },
    errors,
  }
}

/** The API's 400 details → the form's fields (what the form could not know: a language or currency it lacks). */
export function errorsFromApi(details: readonly ErrorDetail[], sent: StaffProductCreate): FieldErrors {
  const errors: FieldErrors = {}
  for (const d of details) {
    const price = /^body\.prices\.(\d+)/.exec(d.field ?? '')
    const currency = price ? sent.prices[Number(price[1])]?.currency : /\(([A-Z]{3})/.exec(d.message)?.[1]
    if (d.field?.startsWith('body.sku')) errors.sku = { key: 'SKU_INVALID' }
    else if (d.type === 'missing_language') {
      const language = /in ([a-z]{2})/.exec(d.message)?.[1]
      if (language) errors[`name-${language}`] = { key: 'REQUIRED' }
    } else if (currency && d.type === 'above_original')
      errors[`price-${currency}`] = { key: 'ABOVE_ORIGINAL' }
    else if (currency && d.type === 'missing_price')
      errors[`price-${currency}`] = { key: 'MISSING_PRICE', values: { currency } }
    else if (currency) errors[`price-${currency}`] = { key: 'AMOUNT_INVALID' }
  }
  return errors
}
