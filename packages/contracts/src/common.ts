import { z } from 'zod'

/** Field patterns of spec §5. */
export const patterns = {
  id: /^[A-Za-z0-9_-]+$/,
  name: /^[\p{L}\p{N}\s-]+$/u,
  couponCode: /^[A-Za-z0-9_()]+$/,
  apiVersion: /^\d+(\.\d+)*$/,
  ascii: /^[\x20-\x7E]*$/,
  /**
   * A person's name (docs/decisions/0039): the name pattern above, plus apostrophes and full stops, which real
   * names carry (O'Brien, St. John, Jr.); empty allowed where the field is optional.
   */
  personName: /^[\p{L}\p{M}\p{N}\s'’.-]*$/u,
}

/** First, middle and last names wherever the shop takes them (sign-up, account, order). */
export const PersonNameSchema = z
  .string()
  .trim()
  .max(80)
  .regex(patterns.personName, 'letters, digits, spaces, hyphens, apostrophes and full stops only')

export const IdSchema = z
  .string()
  .min(1)
  .max(64)
  .regex(patterns.id, 'letters, digits, hyphen and underscore only')

export const CurrencySchema = z.string().regex(/^[A-Z]{3}$/, 'an ISO 4217 currency code')
export const LanguageSchema = z.string().regex(/^[a-z]{2}$/, 'a two-letter language code')
export const CountrySchema = z.string().regex(/^[A-Z]{2}$/, 'an ISO 3166 alpha-2 country code')
/** An address's country as clients send it: alpha-2, and 'USA' taken as US (spec §9, docs/decisions/0039). */
export const AddressCountrySchema = z.preprocess((value) => (value === 'USA' ? 'US' : value), CountrySchema)

/** Query parameters shared by every list call. */
export const PagingQuerySchema = z.object({
  pageNumber: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(15),
})

/** Header carrying the total count of a list (spec §3: the order list total is read from it). */
export const TOTAL_COUNT_HEADER = 'x-total-count'

export const MoneySchema = z.object({ amount: z.number(), currency: CurrencySchema })
export type Money = z.infer<typeof MoneySchema>
