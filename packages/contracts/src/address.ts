import { z } from 'zod'
import { CountrySchema, PagingQuerySchema } from './common.ts'

export const AddressSchema = z.object({
  contactName: z.string().trim().min(2).max(120),
  companyName: z.string().max(120).optional(),
  street: z.string().trim().min(2).max(200),
  streetAppendix: z.string().max(200).optional(),
  city: z.string().trim().min(2).max(120),
  state: z.string().max(60).optional(),
  zipCode: z.string().trim().min(2).max(20),
  country: CountrySchema,
  contactPhone: z.string().max(40).optional(),
})

export const OrderAddressSchema = AddressSchema.extend({
  type: z.enum(['BILLING', 'SHIPPING']),
  account: z.string().max(200).optional(),
})

/**
 * POST /api/customer/me/addresses (201) and PUT …/addresses/{addressId} (200): an address of the book.
 * `isDefault: true` makes it the default (the previous default loses the flag); the first address is always
 * the default; deleting the default promotes the oldest remaining one.
 */
export const CustomerAddressInputSchema = AddressSchema.extend({
  isDefault: z.boolean().optional(),
  account: z.string().max(200).optional(),
})

/** An address of the book (spec §3 Address). */
export const CustomerAddressSchema = AddressSchema.extend({
  id: z.string(),
  isDefault: z.boolean(),
  account: z.string().optional(),
}).meta({ id: 'CustomerAddress' })

/** GET /api/customer/me/addresses: default first, then oldest first; total in x-total-count. */
export const AddressListQuerySchema = PagingQuerySchema
export const AddressIdParamsSchema = z.object({ addressId: z.string().min(1).max(64) })

/** An address book holds at most this many addresses (409 address_book_full beyond). */
export const MAX_ADDRESSES = 100

export type Address = z.infer<typeof AddressSchema>
export type OrderAddress = z.infer<typeof OrderAddressSchema>
export type CustomerAddress = z.infer<typeof CustomerAddressSchema>
export type CustomerAddressInput = z.infer<typeof CustomerAddressInputSchema>
