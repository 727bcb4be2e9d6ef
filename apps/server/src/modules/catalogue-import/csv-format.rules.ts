/** Why a row (or the file) is refused, named by its CSV column. */
export interface ImportProblem {
  column: string | null
  message: string
}

/** What the shop's sites ask of every product: a name in each of their languages, a price in each currency. */
export interface CsvTerms {
  languages: readonly string[]
  currencies: readonly string[]
}

/**
 * The CSV format of the catalogue (docs/decisions/0053-catalogue-csv.md): one row per product; a name and a
 * description column per language of the shop's sites, a price and an original price column per currency.
 */
export function csvColumns(terms: CsvTerms): string[] {
  return [
    'sku',
    'published',
    ...terms.languages.flatMap((l) => [`name_${l}`, `description_${l}`]),
    ...terms.currencies.flatMap((c) => [`price_${c}`, `original_${c}`]),
    'stock',
    'categories',
    'tax_code',
    ...VARIANT_COLUMNS,
  ]
}

/**
 * A variant's row (docs/decisions/0063-variants-in-csv.md): `variant_of` names its product's SKU, `sku` is the
 * variant's code, `options` its values (`Colour=Red|Size=M`), `default` whether the storefront shows it first.
 */
export const VARIANT_COLUMNS = ['variant_of', 'options', 'default'] as const

/** The columns a variant row leaves empty: they are its product's. */
const productOnly = (terms: CsvTerms) => [
  'published',
  ...terms.languages.map((l) => `description_${l}`),
  'categories',
  'tax_code',
]

/** The header's problems: unknown or repeated columns, a required one missing (sku, a name per language). */
export function headerProblems(header: readonly string[], terms: CsvTerms): ImportProblem[] {
  const known = new Set(csvColumns(terms))
  const problems: ImportProblem[] = []
  header.forEach((column, i) => {
    if (!known.has(column))
      problems.push({
        column,
        message: `Unknown column "${column}" (the columns are: ${[...known].join(', ')})`,
      })
    else if (header.indexOf(column) !== i)
      problems.push({ column, message: `The column ${column} is there twice` })
  })
  for (const column of ['sku', ...terms.languages.map((l) => `name_${l}`)])
    if (!header.includes(column)) problems.push({ column, message: `The column ${column} is required` })
  return problems
}

/** What one row says; a field is undefined when its column is not in the file (the product keeps its own). */
export interface CsvDraft {
  sku: string
  published?: boolean
  taxCode?: string | null
  /** null: an empty cell, the stock stays as it is (a new product starts at 0). */
  stock?: number | null
  categories?: string[]
  names: Record<string, string>
  descriptions: Record<string, string | undefined>
  /** Per currency: the price paid and the original price in minor units, or null for no price there. */
  prices: Record<string, { effectiveMinor: number; originalMinor: number } | null | undefined>
  /** A variant row: its product's SKU (the row's `sku` is then the variant's code). */
  variantOf?: string
  /** A variant's option values, key → value; undefined when the cell is empty (a variant keeps its own). */
  options?: Record<string, string>
  /** A variant made (true) or no longer (false) the default; undefined when the cell is empty. */
  isDefault?: boolean
}

const TRUE = ['true', 'yes', '1', 'y', 'ja']
const FALSE = ['false', 'no', '0', 'n', 'nein']

/** A decimal amount with at most the currency's digits (dot as the separator) → minor units. */
const amountPatterns = new Map<number, RegExp>()

export function parseAmount(text: string, digits: number): number | undefined {
  let pattern = amountPatterns.get(digits)
  if (!pattern) {
    pattern = digits === 0 ? /^\d{1,10}$/ : new RegExp(`^\\d{1,10}(\\.\\d{1,${digits}})?$`)
    amountPatterns.set(digits, pattern)
  }
  if (!pattern.test(text)) return undefined
  const [whole = '0', fraction = ''] = text.split('.')
  return Number(whole) * 10 ** digits + Number(fraction.padEnd(digits, '0') || '0')
}

export const formatAmount = (minor: number, digits: number) =>
  digits === 0
    ? String(minor)
    : `${Math.trunc(minor / 10 ** digits)}.${String(minor % 10 ** digits).padStart(digits, '0')}`

const headerPositions = new WeakMap<readonly string[], Map<string, number>>()

/** Where each column is (the first time it is named), once per header. */
function positions(header: readonly string[]): Map<string, number> {
  let found = headerPositions.get(header)
  if (!found) {
    found = new Map()
    for (const [i, column] of header.entries()) if (!found.has(column)) found.set(column, i)
    headerPositions.set(header, found)
  }
  return found
}

/** Reads a row's cells by the header into a draft, with the problems of cells that do not parse. */
export function readRow(
  header: readonly string[],
  cells: readonly string[],
  terms: CsvTerms,
  digits: (currency: string) => number,
): { draft: CsvDraft; problems: ImportProblem[] } {
  const problems: ImportProblem[] = []
  const at = positions(header)
  const cell = (column: string): string | undefined => {
    const i = at.get(column)
    return i === undefined ? undefined : (cells[i] ?? '').trim()
  }
  const draft: CsvDraft = { sku: cell('sku') ?? '', names: {}, descriptions: {}, prices: {} }
  const published = readBoolean(cell('published'), 'published', problems)
  if (published !== undefined) draft.published = published
  readVariantCells(draft, cell, terms, problems)
  const taxCode = cell('tax_code')
  if (taxCode !== undefined) draft.taxCode = taxCode === '' ? null : taxCode
  const stock = cell('stock')
  if (stock !== undefined)
    if (stock === '') draft.stock = null
    else if (/^\d{1,10}$/.test(stock) && Number(stock) <= 1_000_000_000) draft.stock = Number(stock)
    else problems.push({ column: 'stock', message: `"${stock}" is not a whole number of units (0 or more)` })
  const categories = cell('categories')
  if (categories !== undefined)
    draft.categories = [
      ...new Set(
        categories
          .split('|')
          .map((c) => c.trim())
          .filter(Boolean),
      ),
    ]
  for (const language of terms.languages) {
    draft.names[language] = cell(`name_${language}`) ?? ''
    draft.descriptions[language] = cell(`description_${language}`)
  }
  for (const currency of terms.currencies) {
    const price = cell(`price_${currency}`)
    const original = cell(`original_${currency}`)
    if (price === undefined) continue
    if (price === '') {
      draft.prices[currency] = null
      if (original)
        problems.push({
          column: `original_${currency}`,
          message: `An original price needs a price_${currency}`,
        })
      continue
    }
    const effectiveMinor = parseAmount(price, digits(currency))
    const originalMinor = original ? parseAmount(original, digits(currency)) : effectiveMinor
    if (effectiveMinor === undefined)
      problems.push({ column: `price_${currency}`, message: amountMessage(price, digits(currency)) })
    if (originalMinor === undefined && original)
      problems.push({ column: `original_${currency}`, message: amountMessage(original, digits(currency)) })
    if (effectiveMinor !== undefined && originalMinor !== undefined)
      draft.prices[currency] = { effectiveMinor, originalMinor }
  }
  return { draft, problems }
}

function readBoolean(text: string | undefined, column: string, problems: ImportProblem[]) {
  const value = text?.toLowerCase()
  if (!value) return undefined
  if (TRUE.includes(value)) return true
  if (FALSE.includes(value)) return false
  problems.push({ column, message: `"${text}" is neither true nor false` })
  return undefined
}

/** The variant columns of a row: a row with `variant_of` is a variant's, and leaves its product's columns empty. */
function readVariantCells(
  draft: CsvDraft,
  cell: (column: string) => string | undefined,
  terms: CsvTerms,
  problems: ImportProblem[],
) {
  const variantOf = cell('variant_of')
  const options = cell('options')
  const isDefault = readBoolean(cell('default'), 'default', problems)
  if (!variantOf) {
    if (options)
      problems.push({ column: 'options', message: 'Options are a variant’s: name its product in variant_of' })
    if (isDefault)
      problems.push({
        column: 'default',
        message: 'Only a variant is a default: name its product in variant_of',
      })
    return
  }
  draft.variantOf = variantOf
  if (isDefault !== undefined) draft.isDefault = isDefault
  for (const column of productOnly(terms))
    if (cell(column))
      problems.push({
        column,
        message: `A variant row leaves ${column} empty: it is set on the row of ${variantOf}`,
      })
  if (options) draft.options = parseOptions(options, problems)
}

/** `Colour=Red|Size=M` → {Colour: 'Red', Size: 'M'}, with the problems of empty, long or repeated parts. */
export function parseOptions(text: string, problems: ImportProblem[]): Record<string, string> | undefined {
  const options: Record<string, string> = {}
  const seen = new Set<string>()
  for (const part of text.split('|')) {
    const at = part.indexOf('=')
    const key = (at < 0 ? part : part.slice(0, at)).trim()
    const value = at < 0 ? '' : part.slice(at + 1).trim()
    if (!key || !value) {
      problems.push({
        column: 'options',
        message: `"${part.trim()}" is not an option and its value (like Colour=Red)`,
      })
      return undefined
    }
    if (key.length > 40 || value.length > 60) {
      problems.push({
        column: 'options',
        message: `"${part.trim()}" is too long (an option up to 40 characters, a value up to 60)`,
      })
      return undefined
    }
    if (seen.has(key.toLowerCase())) {
      problems.push({ column: 'options', message: `The option ${key} is there twice` })
      return undefined
    }
    seen.add(key.toLowerCase())
    options[key] = value
  }
  return options
}

const amountMessage = (text: string, digits: number) =>
  digits === 0
    ? `"${text}" is not an amount (whole units, no separator)`
    : `"${text}" is not an amount (like 19.99: a dot, at most ${digits} decimals)`
