import {
  CustomerSchema,
  CustomerUpdateSchema,
  DeleteMeQuerySchema,
  DeletionRequestResponseSchema,
  EmailChangeConfirmSchema,
  EmailChangeRequestSchema,
} from '@shop/contracts/customer'
import { ErrorSchema } from '@shop/contracts/errors'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { authenticateCustomer } from '../../platform/auth/guard.ts'
import type { AppContext } from '../../platform/http/context.ts'
import {
  confirmEmailChange,
  deleteMe,
  getMe,
  requestDeletion,
  requestEmailChange,
  updateMe,
} from './customer.service.ts'

const security = [{ bearer: [] }]
const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema }

/** The signed-in customer's own account (spec §7 "Customer"); anonymous tokens get 401. */
export function customerRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>()
    api.get(
      '/api/customer/me',
      {
        schema: {
          tags: ['customer'],
          security,
          querystring: z.object({ expand: z.string().max(100).optional() }),
          response: { 200: CustomerSchema, ...errors },
        },
      },
      async (request) => getMe(ctx, (await authenticateCustomer(ctx.db, request)).customerId),
    )

    api.put(
      '/api/customer/me',
      {
        schema: {
          tags: ['customer'],
          security,
          body: CustomerUpdateSchema,
          response: { 200: CustomerSchema, ...errors },
        },
      },
      async (request) =>
        updateMe(ctx, (await authenticateCustomer(ctx.db, request)).customerId, request.body),
    )

    api.post(
      '/api/customer/me/deletion',
      {
        schema: {
          tags: ['customer'],
          security,
          description: 'Mails a one-time deletion link (/delete-account?token=…, valid 1 h).',
          response: { 202: DeletionRequestResponseSchema, ...errors, 429: ErrorSchema },
        },
      },
      async (request, reply) => {
        const { customerId } = await authenticateCustomer(ctx.db, request)
        return reply
          .status(202)
          .send(await requestDeletion(ctx, customerId, request.headers['accept-language']))
      },
    )

    api.delete(
      '/api/customer/me',
      {
        schema: {
          tags: ['customer'],
          security,
          description:
            'Deletes the signed-in account with the token of the deletion mail: personal data erased, orders kept for accounting. 400 invalid_token.',
          querystring: DeleteMeQuerySchema,
          response: { 204: z.null().describe('Deleted'), ...errors },
        },
      },
      async (request, reply) => {
        const { customerId } = await authenticateCustomer(ctx.db, request)
        await deleteMe(ctx, customerId, request.query.token)
        return reply.clearCookie('shop_token', { path: '/' }).status(204).send(null)
      },
    )

    api.post(
      '/api/customer/me/accounts/internal/email/change',
      {
        schema: {
          tags: ['customer'],
          security,
          description:
            'Step 1 of an e-mail change: needs the current password (401), the new address must be free (409). Mails /change-email/confirm?token=… to the new address.',
          body: EmailChangeRequestSchema,
          response: { 202: DeletionRequestResponseSchema, ...errors, 429: ErrorSchema },
        },
      },
      async (request, reply) => {
        const { customerId } = await authenticateCustomer(ctx.db, request)
        return reply
          .status(202)
          .send(await requestEmailChange(ctx, customerId, request.body, request.headers['accept-language']))
      },
    )

    api.post(
      '/api/customer/me/accounts/internal/email/change/confirm',
      {
        schema: {
          tags: ['customer'],
          description:
            'Step 2: the token of the mail sets the new address; every session of the customer is signed out. 400 invalid_token, 409 email_in_use.',
          body: EmailChangeConfirmSchema,
          response: { 200: CustomerSchema, ...errors },
        },
      },
      async (request) => confirmEmailChange(ctx, request.body.token),
    )
  }
}
