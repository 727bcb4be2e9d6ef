import type { StaffProductInput } from '@shop/contracts/backoffice'
import type { ErrorDetail } from '@shop/contracts/errors'

/** What the shop's sites ask of every product: a name in each of their languages, a price in each currency. */
export interface ShopTerms {
  languages: readonly string[]
  currencies: readonly string[]
}

/**
 * The rules of a staff edit beyond the shapes of the contract (pure; docs/decisions/0043-staff-product-api.md):
 * one text per language, a name in every site's language; one price per currency, only the sites' currencies,
 * the effective price never above the original (the pricing module shows original − effective as a
 * reduction); a published product has at least one price (a site whose currency it lacks shows it as not
 * buyable, as the pricing module does for any product without a price there).
 */
export function productInputProblems(input: StaffProductInput, terms: ShopTerms): ErrorDetail[] {
  const problems: ErrorDetail[] = []
  const languages = input.texts.map((t) => t.language)
  input.texts.forEach((t, i) => {
    if (languages.indexOf(t.language) !== i)
      problems.push({ field: `body.texts.${i}.language`, type: 'duplicate', message: `${t.language} twice` })
  })
  for (const language of terms.languages)
    if (!languages.includes(language))
      problems.push({
        field: 'body.texts',
        type: 'missing_language',
        message: `A name in ${language} is required`,
      })
  const currencies = input.prices.map((p) => p.currency)
  input.prices.forEach((p, i) => {
    const field = `body.prices.${i}`
    if (currencies.indexOf(p.currency) !== i)
      problems.push({ field: `${field}.currency`, type: 'duplicate', message: `${p.currency} twice` })
    if (!terms.currencies.includes(p.currency))
      problems.push({
        field: `${field}.currency`,
        type: 'unknown_currency',
        message: `No site sells in ${p.currency} (${terms.currencies.join(', ')})`,
      })
    if (p.effectiveMinor > p.originalMinor)
      problems.push({
        field: `${field}.effectiveMinor`,
        type: 'above_original',
        message: 'The price paid cannot be above the original price',
      })
  })
  if (input.published && input.prices.length === 0)
    problems.push({
      field: 'body.prices',
      type: 'missing_price',
      message: `A published product needs a price (in ${terms.currencies.join(', ')})`,
    })
  return problems
}
