import type { StaffPrice } from '@shop/contracts/backoffice'
import type {
  StaffCommerce,
  StaffOption,
  StaffVariant,
  StaffVariantInput,
} from '@shop/contracts/backoffice-variants'
import type { ErrorDetail } from '@shop/contracts/errors'
import type { AdminTranslate } from '../../i18n/admin.ts'
import { parseAmount } from './product-form.ts'

/** How many option lines the form offers: the product's options and this many empty ones. */
export const SPARE_OPTIONS = 2

/** The options form → the options call's body; lines left empty or marked removed are left out. */
export function readOptionsForm(form: FormData): StaffOption[] {
  const options: StaffOption[] = []
  for (let i = 0; i < 10; i++) {
    const name = form.get(`option-name-${i}`)
    const values = form.get(`option-values-${i}`)
    if (name === null && values === null) continue
    if (form.get(`option-remove-${i}`)) continue
    const key = String(name ?? '').trim()
    const list = String(values ?? '').split(',')
    if (!key && list.every((v) => !v.trim())) continue
    // Untrimmed: an empty value between two commas is the server's to refuse (it names it).
    options.push({ key, values: list.map((v) => v.trim()) })
  }
  return options
}

/** The server's 400 details about options as sentences naming the option (1-based) and the value. */
export function optionProblems(details: readonly ErrorDetail[], sent: StaffOption[], t: AdminTranslate) {
  return details.map((d) => {
    const match = /^body\.options\.(\d+)\.(key|values)(?:\.(\d+))?$/.exec(d.field ?? '')
    const n = Number(match?.[1] ?? 0) + 1
    const value = sent[n - 1]?.values[Number(match?.[3] ?? 0)] ?? ''
    if (match?.[2] === 'key')
      return t(d.type === 'duplicate' ? 'OPTION_DUPLICATE' : 'OPTION_NAME_EMPTY', { n })
    if (match?.[2] === 'values')
      return d.type === 'duplicate'
        ? t('OPTION_VALUE_DUPLICATE', { n, value })
        : t('OPTION_VALUE_EMPTY', { n })
    return d.message
  })
}

/** A variant's label in the back office: its option values ("Red/M"), else its code. */
export const variantLabel = (v: Pick<StaffVariant, 'options' | 'code'>) =>
  Object.values(v.options).join('/') || v.code

function readPrices(form: FormData, prefix: string, currencies: readonly string[]) {
  const prices: StaffPrice[] = []
  const bad: string[] = []
  for (const currency of currencies) {
    const text = String(form.get(`${prefix}price-${currency}`) ?? '').trim()
    const originalText = String(form.get(`${prefix}original-${currency}`) ?? '').trim()
    if (!text) continue
    const effective = parseAmount(text, currency)
    const original = originalText ? parseAmount(originalText, currency) : effective
    if (effective === undefined || original === undefined) bad.push(currency)
    else prices.push({ currency, effectiveMinor: effective, originalMinor: Math.max(original, effective) })
  }
  return { prices, bad }
}

/** One variant row of the table (its inputs carry the form attribute of the row's form). */
export function readVariantForm(
  form: FormData,
  options: readonly StaffOption[],
  languages: readonly string[],
  currencies: readonly string[],
) {
  const { prices, bad } = readPrices(form, '', currencies)
  const stockText = String(form.get('stock') ?? '').trim()
  const stock = /^\d{1,9}$/.test(stockText) ? Number(stockText) : undefined
  const input: StaffVariantInput = {
    code: String(form.get('code') ?? '').trim(),
    texts: languages.flatMap((language) => {
      const name = String(form.get(`name-${language}`) ?? '').trim()
      return name ? [{ language, name }] : []
    }),
    options: Object.fromEntries(
      options.flatMap((o) => {
        const value = String(form.get(`option-${o.key}`) ?? '')
        return value ? [[o.key, value]] : []
      }),
    ),
    default: form.get('default') === 'on',
    media: form.getAll('media').map(String),
    prices,
  }
  return { input, stock, expected: Number(form.get('expected')), bad }
}

/** The server's 400/409 details about one variant as sentences. */
export function variantProblems(type: string, details: readonly ErrorDetail[], t: AdminTranslate) {
  if (type === 'sku_taken') return [t('CODE_TAKEN')]
  return details.map((d) => {
    if (d.field === 'body.options' && d.type === 'duplicate')
      return t('VARIANT_DUPLICATE', { code: d.message.split(' ')[0] ?? '' })
    if (d.field?.startsWith('body.options.')) return t('VARIANT_VALUE_MISSING')
    if (d.field === 'body.code') return t('SKU_INVALID')
    return `${d.field ?? ''} ${d.message}`.trim()
  })
}

/** The unit, tax code and fee fields → the commerce call's body. */
export function readCommerceForm(
  form: FormData,
  sites: ReadonlyArray<{ code: string; currency: string }>,
): StaffCommerce {
  const code = String(form.get('unit-code') ?? '').trim()
  const quantity = Number(String(form.get('unit-quantity') ?? '1').trim() || '1')
  const taxCodes = Object.fromEntries(
    sites.flatMap(({ code: site }) => {
      const value = String(form.get(`tax-${site}`) ?? '').trim()
      return value ? [[site, value]] : []
    }),
  )
  const fees: StaffCommerce['fees'] = []
  for (let i = 0; i < 10; i++) {
    const name = String(form.get(`fee-name-${i}`) ?? '').trim()
    if (!name) continue
    const site = String(form.get(`fee-site-${i}`) ?? '')
    const type = form.get(`fee-type-${i}`) === 'ABSOLUTE' ? 'ABSOLUTE' : 'ABSOLUTE_MULTIPLY_ITEMQUANTITY'
    const currency = sites.find((s) => s.code === site)?.currency ?? 'USD'
    const amount = parseAmount(String(form.get(`fee-amount-${i}`) ?? ''), currency)
    fees.push({ siteCode: site, name, type, amountMinor: amount ?? -1 })
  }
  return { unit: code ? { code, quantity: Number.isInteger(quantity) ? quantity : 0 } : null, taxCodes, fees }
}
