import { z } from 'zod'
import { AddressCountrySchema, CountrySchema, PagingQuerySchema, TOTAL_COUNT_HEADER } from './common.ts'
import { endpoint, errors, noContent } from './endpoint.ts'

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

/** An address of an order request: its country may be sent as 'USA' (spec §9, billing included). */
export const OrderAddressInputSchema = OrderAddressSchema.extend({ country: AddressCountrySchema })

/**
 * POST /api/customer/me/addresses (201) and PUT …/addresses/{addressId} (200): an address of the book.
 * `isDefault: true` makes it the default (the previous default loses the flag); the first address is always
 * the default; deleting the default promotes the oldest remaining one.
 */
export const CustomerAddressInputSchema = AddressSchema.extend({
  country: AddressCountrySchema,
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

const addressErrors = errors(400, 401, 403, 404, 409)

/** The signed-in customer's address book; another customer's address ids answer 404. */
export const addressApi = {
  addresses: endpoint({
    method: 'GET',
    path: '/api/customer/me/addresses',
    tags: ['customer'],
    security: 'bearer',
    description: `Default first, then oldest first. The total is in the ${TOTAL_COUNT_HEADER} header.`,
    query: AddressListQuerySchema,
    responses: { 200: z.array(CustomerAddressSchema), ...addressErrors },
    paged: true,
  }),
  addAddress: endpoint({
    method: 'POST',
    path: '/api/customer/me/addresses',
    tags: ['customer'],
    security: 'bearer',
    body: CustomerAddressInputSchema,
    responses: { 201: CustomerAddressSchema, ...addressErrors },
  }),
  address: endpoint({
    method: 'GET',
    path: '/api/customer/me/addresses/:addressId',
    tags: ['customer'],
    security: 'bearer',
    params: AddressIdParamsSchema,
    responses: { 200: CustomerAddressSchema, ...addressErrors },
  }),
  updateAddress: endpoint({
    method: 'PUT',
    path: '/api/customer/me/addresses/:addressId',
    tags: ['customer'],
    security: 'bearer',
    params: AddressIdParamsSchema,
    body: CustomerAddressInputSchema,
    responses: { 200: CustomerAddressSchema, ...addressErrors },
  }),
  removeAddress: endpoint({
    method: 'DELETE',
    path: '/api/customer/me/addresses/:addressId',
    tags: ['customer'],
    security: 'bearer',
    params: AddressIdParamsSchema,
    responses: { 204: noContent('Deleted'), ...addressErrors },
  }),
}
