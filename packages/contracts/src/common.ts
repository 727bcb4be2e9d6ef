import { z } from 'zod'

/** Field patterns of spec §5. */
export const patterns = {
  id: /^[A-Za-z0-9_-]+$/,
  name: /^[\p{L}\p{N}\s-]+$/u,
  couponCode: /^[A-Za-z0-9_()]+$/,
  apiVersion: /^\d+(\.\d+)*$/,
  ascii: /^[\x20-\x7E]*$/,
}

export const IdSchema = z
  .string()
  .min(1)
  .max(64)
  .regex(patterns.id, 'letters, digits, hyphen and underscore only')

export const CurrencySchema = z.string().regex(/^[A-Z]{3}$/, 'an ISO 4217 currency code')
export const LanguageSchema = z.string().regex(/^[a-z]{2}$/, 'a two-letter language code')
export const CountrySchema = z.string().regex(/^[A-Z]{2}$/, 'an ISO 3166 alpha-2 country code')
/** An address's country as clients send it: alpha-2, and 'USA' taken as US (spec §9, docs/decisions/0039). */
export const AddressCountrySchema = z.preprocess(
  (value) => (value === 'USA' ? 'US' : value),
  CountrySchema,
)

/** Query parameters shared by every list call. */
export const PagingQuerySchema = z.object({
  pageNumber: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(15),
})

/** Header carrying the total count of a list (spec §3: the order list total is read from it). */
export const TOTAL_COUNT_HEADER = 'x-total-count'

export const MoneySchema = z.object({ amount: z.number(), currency: CurrencySchema })
export type Money = z.infer<typeof MoneySchema>
