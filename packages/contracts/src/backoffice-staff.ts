import { z } from 'zod'
import { endpoint, errors, noContent } from './endpoint.ts'
import { STAFF_ROLES } from './staff.ts'

/**
 * The shop's staff in the back office (docs/decisions/0066-staff-invitations.md): who has which role, invitations
 * by e-mail, role changes and revocations; at least one owner always remains. Owner only.
 */
const EmailSchema = z.string().trim().toLowerCase().email('an e-mail address').max(254)

export const StaffMemberSchema = z.object({
  customerId: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(STAFF_ROLES),
})

export const StaffInvitationSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    role: z.enum(STAFF_ROLES),
    invitedBy: z.string(),
    created: z.string(),
    expires: z.string(),
  })
  .meta({ id: 'StaffInvitation' })

export const StaffListSchema = z
  .object({ members: z.array(StaffMemberSchema), invitations: z.array(StaffInvitationSchema) })
  .meta({ id: 'StaffList' })
export type StaffList = z.infer<typeof StaffListSchema>

export const StaffInviteSchema = z.object({ email: EmailSchema, role: z.enum(STAFF_ROLES) })
export type StaffInvite = z.infer<typeof StaffInviteSchema>

/** A new role, or `customer`: no longer staff. */
export const StaffRoleChangeSchema = z.object({ role: z.enum([...STAFF_ROLES, 'customer']) })

export const StaffMemberParamsSchema = z.object({ customerId: z.string().max(64) })
export const InvitationParamsSchema = z.object({ invitationId: z.string().max(64) })

/** What an invitation link offers, for its page (the token is the secret). */
export const InvitationViewSchema = z
  .object({ email: z.string(), role: z.enum(STAFF_ROLES), expires: z.string() })
  .meta({ id: 'InvitationView' })
export const InvitationTokenSchema = z.object({ token: z.string().min(16).max(128) })

const tags = ['owner'] as const

export const backofficeStaffApi = {
  staff: endpoint({
    method: 'GET',
    path: '/api/owner/staff',
    tags,
    security: 'bearer',
    responses: { 200: StaffListSchema, ...errors(401, 403) },
  }),
  /** Mails an invitation link (valid 7 days); a new one for the same address replaces the open one. */
  invite: endpoint({
    method: 'POST',
    path: '/api/owner/staff/invitations',
    tags,
    security: 'bearer',
    body: StaffInviteSchema,
    responses: { 201: StaffInvitationSchema, ...errors(400, 401, 403, 409) },
  }),
  withdrawInvitation: endpoint({
    method: 'DELETE',
    path: '/api/owner/staff/invitations/:invitationId',
    tags,
    security: 'bearer',
    params: InvitationParamsSchema,
    responses: { 204: noContent('Withdrawn'), ...errors(400, 401, 403, 404) },
  }),
  /** Another role, or `customer` to revoke; 409 last_owner when no owner would remain. */
  changeRole: endpoint({
    method: 'PUT',
    path: '/api/owner/staff/:customerId',
    tags,
    security: 'bearer',
    params: StaffMemberParamsSchema,
    body: StaffRoleChangeSchema,
    responses: { 200: StaffListSchema, ...errors(400, 401, 403, 404, 409) },
  }),
  /** What a link offers (404 when unknown, used, withdrawn or expired); no sign-in needed. */
  invitation: endpoint({
    method: 'GET',
    path: '/api/staff-invitations/:token',
    tags: ['staff-invitation'],
    params: InvitationTokenSchema,
    responses: { 200: InvitationViewSchema, ...errors(400, 404) },
  }),
  /** The signed-in customer whose address was invited takes the role (403 invitation_other_email otherwise). */
  acceptInvitation: endpoint({
    method: 'POST',
    path: '/api/staff-invitations/:token/accept',
    tags: ['staff-invitation'],
    security: 'bearer',
    params: InvitationTokenSchema,
    responses: { 200: InvitationViewSchema, ...errors(400, 401, 403, 404) },
  }),
}
