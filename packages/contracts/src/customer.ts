import { z } from 'zod'
import { EmailSchema, PasswordSchema, PROVIDER_IDS, TitleSchema } from './auth.ts'
import { PersonNameSchema } from './common.ts'
import { endpoint, errors, noContent } from './endpoint.ts'

/**
 * Customer account of spec §3. `accounts` lists how the customer can sign in: `internal` (e-mail and
 * password) and/or google/facebook. A customer without an `internal` account has no password: the UI hides
 * the edit-e-mail and password controls (behaviour notes), and the API refuses password change with 403.
 */
export const CustomerSchema = z
  .object({
    id: z.string(),
    customerNumber: z.string(),
    title: TitleSchema,
    firstName: z.string(),
    middleName: z.string(),
    lastName: z.string(),
    contactEmail: z.string(),
    preferredLanguage: z.string().optional(),
    accounts: z.array(z.object({ providerId: z.enum(PROVIDER_IDS) })),
    created: z.string(),
  })
  .meta({ id: 'Customer' })

/** PUT /api/customer/me: the name fields (the e-mail changes only through the confirmed flow). */
export const CustomerUpdateSchema = z.object({
  title: TitleSchema.optional(),
  firstName: PersonNameSchema.optional(),
  middleName: PersonNameSchema.optional(),
  lastName: PersonNameSchema.optional(),
  preferredLanguage: z
    .string()
    .regex(/^[a-z]{2}$/)
    .optional(),
})

/**
 * POST /api/customer/me/accounts/internal/email/change → 202 (confirmation mail sent to the NEW address)
 * | 401 wrong password (EDIT_EMAIL_PASSWORD_NOT_CORRECT) | 409 in use (EDIT_EMAIL_ALREADY_IN_USE).
 */
export const EmailChangeRequestSchema = z.object({
  email: EmailSchema,
  password: z.string().min(1).max(128),
})

/** POST …/email/change/confirm → 200 Customer (with the new contactEmail) | 400 invalid_token | 409. */
export const EmailChangeConfirmSchema = z.object({ token: z.string().min(1).max(200) })

/** POST /api/customer/me/deletion → 202: mails a deletion link (/delete-account?token=…). */
export const DeletionRequestResponseSchema = z.object({ sent: z.literal(true) })

/** DELETE /api/customer/me?token=… → 204 | 400 invalid_token. */
export const DeleteMeQuerySchema = z.object({ token: z.string().min(1).max(200) })

/** GET /api/customer/me: `expand` is accepted and ignored. */
export const MeQuerySchema = z.object({ expand: z.string().max(100).optional() })

export { PasswordSchema }
export type Customer = z.infer<typeof CustomerSchema>
export type CustomerUpdate = z.infer<typeof CustomerUpdateSchema>

/** What the account calls can answer besides their success (anonymous tokens get 401). */
const accountErrors = errors(400, 401, 403, 404, 409)

/** The signed-in customer's own account (spec §7 "Customer"). */
export const customerApi = {
  me: endpoint({
    method: 'GET',
    path: '/api/customer/me',
    tags: ['customer'],
    security: 'bearer',
    query: MeQuerySchema,
    responses: { 200: CustomerSchema, ...accountErrors },
  }),
  updateMe: endpoint({
    method: 'PUT',
    path: '/api/customer/me',
    tags: ['customer'],
    security: 'bearer',
    body: CustomerUpdateSchema,
    responses: { 200: CustomerSchema, ...accountErrors },
  }),
  requestDeletion: endpoint({
    method: 'POST',
    path: '/api/customer/me/deletion',
    tags: ['customer'],
    security: 'bearer',
    description: 'Mails a one-time deletion link (/delete-account?token=…, valid 1 h).',
    responses: { 202: DeletionRequestResponseSchema, ...accountErrors, ...errors(429) },
  }),
  deleteMe: endpoint({
    method: 'DELETE',
    path: '/api/customer/me',
    tags: ['customer'],
    security: 'bearer',
    description:
      'Deletes the signed-in account with the token of the deletion mail: personal data erased, orders kept for accounting. 400 invalid_token.',
    query: DeleteMeQuerySchema,
    responses: { 204: noContent('Deleted'), ...accountErrors },
  }),
  requestEmailChange: endpoint({
    method: 'POST',
    path: '/api/customer/me/accounts/internal/email/change',
    tags: ['customer'],
    security: 'bearer',
    description:
      'Step 1 of an e-mail change: needs the current password (401), the new address must be free (409). Mails /change-email/confirm?token=… to the new address.',
    body: EmailChangeRequestSchema,
    responses: { 202: DeletionRequestResponseSchema, ...accountErrors, ...errors(429) },
  }),
  confirmEmailChange: endpoint({
    method: 'POST',
    path: '/api/customer/me/accounts/internal/email/change/confirm',
    tags: ['customer'],
    description:
      'Step 2: the token of the mail sets the new address; every session of the customer is signed out. 400 invalid_token, 409 email_in_use.',
    body: EmailChangeConfirmSchema,
    responses: { 200: CustomerSchema, ...accountErrors },
  }),
}
