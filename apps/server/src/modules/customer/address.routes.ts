import { addressApi } from '@shop/contracts/address'
import { TOTAL_COUNT_HEADER } from '@shop/contracts/common'
import type { FastifyInstance } from 'fastify'
import { authenticateCustomer } from '../../platform/auth/guard.ts'
import type { AppContext } from '../../platform/http/context.ts'
import { route } from '../../platform/http/route.ts'
import { createAddress, deleteAddress, getAddress, listAddresses, updateAddress } from './address.service.ts'

/** The signed-in customer's address book; another customer's address ids answer 404. */
export function addressRoutes(ctx: AppContext) {
  const me = async (request: Parameters<typeof authenticateCustomer>[1]) =>
    (await authenticateCustomer(ctx.db, request)).customerId

  return async (app: FastifyInstance) => {
    route(app, addressApi.addresses, async (request, reply) => {
      const page = await listAddresses(ctx, await me(request), request.query)
      void reply.header(TOTAL_COUNT_HEADER, String(page.total))
      return page.items
    })

    route(app, addressApi.addAddress, async (request, reply) =>
      reply.status(201).send(await createAddress(ctx, await me(request), request.body)),
    )

    route(app, addressApi.address, async (request) =>
      getAddress(ctx, await me(request), request.params.addressId),
    )

    route(app, addressApi.updateAddress, async (request) =>
      updateAddress(ctx, await me(request), request.params.addressId, request.body),
    )

    route(app, addressApi.removeAddress, async (request, reply) => {
      await deleteAddress(ctx, await me(request), request.params.addressId)
      return reply.status(204).send(null)
    })
  }
}
