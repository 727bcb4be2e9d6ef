import {
  AddressIdParamsSchema,
  AddressListQuerySchema,
  CustomerAddressInputSchema,
  CustomerAddressSchema,
} from '@shop/contracts/address'
import { TOTAL_COUNT_HEADER } from '@shop/contracts/common'
import { ErrorSchema } from '@shop/contracts/errors'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { authenticateCustomer } from '../../platform/auth/guard.ts'
import type { AppContext } from '../../platform/http/context.ts'
import { createAddress, deleteAddress, getAddress, listAddresses, updateAddress } from './address.service.ts'

const security = [{ bearer: [] }]
const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema }

/** The signed-in customer's address book; another customer's address ids answer 404. */
export function addressRoutes(ctx: AppContext) {
  const me = async (request: Parameters<typeof authenticateCustomer>[1]) =>
    (await authenticateCustomer(ctx.db, request)).customerId

  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>()
    api.get(
      '/api/customer/me/addresses',
      {
        schema: {
          tags: ['customer'],
          security,
          description: `Default first, then oldest first. The total is in the ${TOTAL_COUNT_HEADER} header.`,
          querystring: AddressListQuerySchema,
          response: { 200: z.array(CustomerAddressSchema), ...errors },
        },
      },
      async (request, reply) => {
        const page = await listAddresses(ctx, await me(request), request.query)
        void reply.header(TOTAL_COUNT_HEADER, String(page.total))
        return page.items
      },
    )

    api.post(
      '/api/customer/me/addresses',
      {
        schema: {
          tags: ['customer'],
          security,
          body: CustomerAddressInputSchema,
          response: { 201: CustomerAddressSchema, ...errors },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await createAddress(ctx, await me(request), request.body)),
    )

    api.get(
      '/api/customer/me/addresses/:addressId',
      {
        schema: {
          tags: ['customer'],
          security,
          params: AddressIdParamsSchema,
          response: { 200: CustomerAddressSchema, ...errors },
        },
      },
      async (request) => getAddress(ctx, await me(request), request.params.addressId),
    )

    api.put(
      '/api/customer/me/addresses/:addressId',
      {
        schema: {
          tags: ['customer'],
          security,
          params: AddressIdParamsSchema,
          body: CustomerAddressInputSchema,
          response: { 200: CustomerAddressSchema, ...errors },
        },
      },
      async (request) => updateAddress(ctx, await me(request), request.params.addressId, request.body),
    )

    api.delete(
      '/api/customer/me/addresses/:addressId',
      {
        schema: {
          tags: ['customer'],
          security,
          params: AddressIdParamsSchema,
          response: { 204: z.null().describe('Deleted'), ...errors },
        },
      },
      async (request, reply) => {
        await deleteAddress(ctx, await me(request), request.params.addressId)
        return reply.status(204).send(null)
      },
    )
  }
}
