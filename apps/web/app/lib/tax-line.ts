import type { Translate } from '../i18n/index.ts'

/**
 * The name of a tax line, the same wherever totals show (cart, checkout summary and review, confirmation,
 * order): the site's label ("Sales tax 8.25 %"), "incl. …" when the tax is included; the generic "Tax" only
 * for an unnamed tax (behaviour notes).
 */
export function taxLineLabel(t: Translate, tax: { label: string; included: boolean }): string {
  const label = tax.label || t('TAX')
  return tax.included ? t('TAX_INCLUDED', { label }) : label
}
