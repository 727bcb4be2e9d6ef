import { createHash, randomBytes, randomUUID } from 'node:crypto'
import type { StaffInvite, StaffList } from '@shop/contracts/backoffice-staff'
import { STAFF_ROLES, type StaffRole } from '@shop/contracts/staff'
import type { StaffPrincipal } from '../../platform/auth/staff.ts'
import type { Principal } from '../../platform/auth/tokens.ts'
import type { AppContext } from '../../platform/http/context.ts'
import { AppError, conflict, forbidden, notFound } from '../../platform/http/errors.ts'
import { recordAudit } from '../audit/audit.service.ts'
import * as mail from '../mail/mail.service.ts'
import { requireCustomer } from './customer.service.ts'
import * as repo from './staff.repository.ts'

/**
 * The shop's staff (docs/decisions/0066-staff-invitations.md): the list, invitations by e-mail with a one-use
 * link valid 7 days (only its SHA-256 is stored), role changes and revocations under the rule that at least one
 * owner remains, each in the audit log.
 */
const INVITATION_DAYS = 7
const hash = (token: string) => createHash('sha256').update(token).digest('base64url')
const isStaffRole = (role: string): role is StaffRole => (STAFF_ROLES as readonly string[]).includes(role)

export async function staffList(ctx: Pick<AppContext, 'db'>): Promise<StaffList> {
  const [members, invitations] = await Promise.all([
    repo.findStaffMembers(ctx.db),
    repo.findOpenInvitations(ctx.db, new Date().toISOString()),
  ])
  return {
    members: members.flatMap((m) =>
      isStaffRole(m.role)
        ? [
            {
              customerId: m.id,
              email: m.email,
              name: [m.first_name, m.last_name].filter(Boolean).join(' '),
              role: m.role,
            },
          ]
        : [],
    ),
    invitations: invitations.map(invitationView),
  }
}

const invitationView = (row: repo.InvitationRow) => ({
  id: row.id,
  email: row.email,
  role: row.role as StaffRole,
  invitedBy: row.invited_by,
  created: row.created_at,
  expires: row.expires_at,
})

/** Invites an address with a role: the open invitation of the address is replaced; its mail goes in the same commit. */
export async function inviteStaff(
  ctx: AppContext,
  staff: StaffPrincipal,
  input: StaffInvite,
  acceptLanguage?: string,
) {
  const members = await repo.findStaffMembers(ctx.db)
  const member = members.find((m) => m.email === input.email)
  if (member?.role === input.role)
    throw conflict('already_staff', `${input.email} is ${input.role} staff already`, [
      { field: 'body.email', type: 'already_staff', message: input.role },
    ])
  const now = new Date()
  const token = randomBytes(32).toString('base64url')
  const row: repo.InvitationRow = {
    id: randomUUID(),
    email: input.email,
    role: input.role,
    token_hash: hash(token),
    invited_by: staff.email,
    created_at: now.toISOString(),
    expires_at: new Date(now.getTime() + INVITATION_DAYS * 86_400_000).toISOString(),
    accepted_at: null,
    withdrawn_at: null,
  }
  await ctx.db.transaction().execute(async (trx) => {
    await repo.withdrawInvitations(trx, { email: input.email }, row.created_at)
    await repo.insertInvitation(trx, row)
    await mail.queueStaffInvitation(
      { ...ctx, db: trx },
      { email: input.email, acceptLanguage },
      { token, inviter: staff.email, role: input.role },
    )
    await recordAudit(trx, staff, {
      entity: 'staff-invitation',
      entityId: row.id,
      action: 'create',
      before: null,
      after: { email: row.email, role: row.role, expires: row.expires_at },
    })
  })
  mail.wake(ctx)
  return invitationView(row)
}

export async function withdrawInvitation(ctx: AppContext, staff: StaffPrincipal, id: string) {
  await ctx.db.transaction().execute(async (trx) => {
    if ((await repo.withdrawInvitations(trx, { id }, new Date().toISOString())) === 0)
      throw notFound('Invitation', id)
    await recordAudit(trx, staff, {
      entity: 'staff-invitation',
      entityId: id,
      action: 'delete',
      before: null,
      after: null,
    })
  })
}

/** A new role, or `customer` to revoke; 409 last_owner when the shop would be left without an owner. */
export async function changeStaffRole(
  ctx: AppContext,
  staff: StaffPrincipal,
  customerId: string,
  role: StaffRole | 'customer',
): Promise<StaffList> {
  await ctx.db.transaction().execute(async (trx) => {
    const owners = await repo.lockOwners(trx)
    const member = await repo.findRoleOf(trx, customerId)
    if (!member || member.role === 'customer') throw notFound('Staff member', customerId)
    if (member.role === 'owner' && role !== 'owner' && owners <= 1)
      throw conflict('last_owner', 'The shop needs at least one owner: make someone else owner first', [
        { field: 'body.role', type: 'last_owner', message: member.email },
      ])
    await repo.setRoleById(trx, customerId, role)
    await recordAudit(trx, staff, {
      entity: 'staff',
      entityId: customerId,
      action: role === 'customer' ? 'delete' : 'update',
      before: { email: member.email, role: member.role },
      after: { email: member.email, role },
    })
  })
  return staffList(ctx)
}

/** What an open invitation offers; 404 for a link that is unknown, used, withdrawn or expired. */
export async function invitationOf(ctx: Pick<AppContext, 'db'>, token: string) {
  const row = await repo.findOpenInvitation(ctx.db, hash(token), new Date().toISOString())
  if (!row) throw notFound('Invitation', 'this link')
  return { email: row.email, role: row.role as StaffRole, expires: row.expires_at }
}

/**
 * The signed-in customer takes the invitation's role, once, if their address is the invited one. An owner who
 * accepts a narrower role keeps the shop one owner at least (the same rule as a role change).
 */
export async function acceptInvitation(ctx: AppContext, principal: Principal, token: string) {
  if (!principal.customerId) throw forbidden('Sign in first')
  const customer = await requireCustomer(ctx.db, principal.customerId)
  const role = (await repo.findRoleOf(ctx.db, customer.id))?.role ?? 'customer'
  const view = await invitationOf(ctx, token)
  if (customer.email !== view.email)
    throw new AppError(
      403,
      'invitation_other_email',
      `This invitation is for ${view.email}: sign in with that address`,
    )
  await ctx.db.transaction().execute(async (trx) => {
    const row = await repo.findOpenInvitation(trx, hash(token), new Date().toISOString())
    const owners = await repo.lockOwners(trx)
    if (!row || !(await repo.acceptInvitation(trx, row.id, new Date().toISOString())))
      throw notFound('Invitation', 'this link')
    if (role === 'owner' && view.role !== 'owner' && owners <= 1)
      throw conflict('last_owner', 'The shop needs at least one owner')
    await repo.setRoleById(trx, customer.id, view.role)
    await recordAudit(
      trx,
      { sessionId: principal.sessionId, customerId: customer.id, email: customer.email, role: view.role },
      {
        entity: 'staff',
        entityId: customer.id,
        action: 'update',
        before: { email: customer.email, role },
        after: { email: customer.email, role: view.role, invitation: row.id },
      },
    )
  })
  return view
}
