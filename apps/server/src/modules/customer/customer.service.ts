import { randomInt, randomUUID } from 'node:crypto'
import type { ProviderId } from '@shop/contracts/auth'
import type { Customer, CustomerUpdate } from '@shop/contracts/customer'
import type { StaffRole } from '@shop/contracts/staff'
import type { Insertable } from 'kysely'
import { forgetDevices } from '../../platform/auth/login-throttle.ts'
import {
  consumeOneTimeToken,
  deleteCustomerOneTimeTokens,
  issueOneTimeToken,
} from '../../platform/auth/one-time-tokens.ts'
import { burnVerification, hashPassword, verifyPassword } from '../../platform/auth/password.ts'
import { enforce } from '../../platform/auth/rate-limit.ts'
import type { CustomersTable } from '../../platform/auth/schema.ts'
import { revokeCustomerTokens } from '../../platform/auth/tokens.ts'
import type { Db } from '../../platform/db/database.ts'
import type { AppContext } from '../../platform/http/context.ts'
import { AppError, badRequest, conflict, forbidden, notFound } from '../../platform/http/errors.ts'
import * as carts from '../cart/cart.service.ts'
import * as mail from '../mail/mail.service.ts'
import * as repo from './customer.repository.ts'

export type CustomerRow = NonNullable<Awaited<ReturnType<typeof repo.findById>>>

export const normaliseEmail = (email: string) => email.trim().toLowerCase()

const DIGITS = '0123456789'
const newCustomerNumber = () => `C${Array.from({ length: 10 }, () => DIGITS[randomInt(10)]).join('')}`

export const invalidToken = (what: string) =>
  badRequest('invalid_token', `The ${what} token is invalid or has expired`)

export async function toCustomer(db: Db, row: CustomerRow): Promise<Customer> {
  const links = await repo.accountsOf(db, row.id)
  const accounts: Array<{ providerId: ProviderId }> = []
  if (row.password_hash) accounts.push({ providerId: 'internal' })
  for (const link of links) accounts.push({ providerId: link.provider_id as ProviderId })
  return {
    id: row.id,
    customerNumber: row.customer_number,
    title: row.title as Customer['title'],
    firstName: row.first_name,
    middleName: row.middle_name,
    lastName: row.last_name,
    contactEmail: row.email,
    ...(row.preferred_language ? { preferredLanguage: row.preferred_language } : {}),
    accounts,
    created: row.created_at,
  }
}

export async function requireCustomer(db: Db, customerId: string): Promise<CustomerRow> {
  const row = await repo.findById(db, customerId)
  if (!row) throw notFound('Customer')
  return row
}

export const findById = repo.findById
export const findByEmail = (db: Db, email: string) => repo.findByEmail(db, normaliseEmail(email))
export const findByProviderSubject = repo.findByProviderSubject
/** The customers (not deleted) with these e-mails, by normalised e-mail: `{ email → id }`. */
export async function idsByEmail(db: Db, emails: string[]): Promise<Map<string, string>> {
  const rows = await repo.findIdentities(db, { emails: [...new Set(emails.map(normaliseEmail))] })
  return new Map(rows.map((r) => [r.email, r.id]))
}
/** The e-mails of the customers (not deleted) with these ids: `{ id → email }`. */
export async function emailsById(db: Db, ids: string[]): Promise<Map<string, string>> {
  const rows = await repo.findIdentities(db, { ids })
  return new Map(rows.map((r) => [r.id, r.email]))
}
export const linkAccount = repo.link
export const updateCustomer = repo.update
export const recordFailedLogin = repo.recordFailedLogin

/** Creates a customer; 409 account_already_exists when the e-mail is taken (also under a race). */
export async function createCustomer(
  db: Db,
  input: {
    email: string
    passwordHash: string | null
    emailVerified: boolean
    title?: string
    firstName?: string
    middleName?: string
    lastName?: string
    preferredLanguage?: string
  },
): Promise<CustomerRow> {
  const email = normaliseEmail(input.email)
  const accountExists = () => conflict('account_already_exists', 'An account with this e-mail already exists')
  if (await repo.emailTaken(db, email)) throw accountExists()
  const now = new Date().toISOString()
  const row: Insertable<CustomersTable> = {
    id: randomUUID(),
    customer_number: newCustomerNumber(),
    email,
    email_verified: input.emailVerified ? 1 : 0,
    password_hash: input.passwordHash,
    title: input.title ?? '',
    first_name: input.firstName ?? '',
    middle_name: input.middleName ?? '',
    last_name: input.lastName ?? '',
    preferred_language: input.preferredLanguage ?? null,
    failed_logins: 0,
    locked_until: null,
    created_at: now,
    updated_at: now,
    deleted_at: null,
  }
  try {
    await repo.insert(db, row)
  } catch (error) {
    if (await repo.emailTaken(db, email)) throw accountExists()
    throw error
  }
  return requireCustomer(db, row.id as string)
}

export async function getMe(ctx: AppContext, customerId: string): Promise<Customer> {
  return toCustomer(ctx.db, await requireCustomer(ctx.db, customerId))
}

export async function updateMe(ctx: AppContext, customerId: string, body: CustomerUpdate): Promise<Customer> {
  await requireCustomer(ctx.db, customerId)
  await repo.update(ctx.db, customerId, {
    ...(body.title !== undefined ? { title: body.title } : {}),
    ...(body.firstName !== undefined ? { first_name: body.firstName } : {}),
    ...(body.middleName !== undefined ? { middle_name: body.middleName } : {}),
    ...(body.lastName !== undefined ? { last_name: body.lastName } : {}),
    ...(body.preferredLanguage !== undefined ? { preferred_language: body.preferredLanguage } : {}),
  })
  return getMe(ctx, customerId)
}

/** Checks the current password of a customer who has one; 403 for social-only accounts. */
export async function checkPassword(
  ctx: AppContext,
  row: CustomerRow,
  password: string,
  wrong: () => AppError,
): Promise<void> {
  if (!row.password_hash) {
    await burnVerification(password, ctx.config.passwordHashCost)
    throw new AppError(
      403,
      'social_account',
      'This account signs in with google or facebook and has no password',
    )
  }
  if (!(await verifyPassword(password, row.password_hash))) throw wrong()
}

/** Step 1 of an e-mail change: current password, address free, mail with a token to the NEW address. */
export async function requestEmailChange(
  ctx: AppContext,
  customerId: string,
  body: { email: string; password: string },
  acceptLanguage?: string,
): Promise<{ sent: true }> {
  const row = await requireCustomer(ctx.db, customerId)
  await enforce(
    ctx.db,
    [{ key: `email-change:account:${customerId}`, limit: ctx.config.rateLimitPerAccount }],
    ctx.config.rateLimitWindowSeconds,
  )
  await checkPassword(
    ctx,
    row,
    body.password,
    () => new AppError(401, 'wrong_current_password', 'The password is not correct'),
  )
  const email = normaliseEmail(body.email)
  if (email === row.email)
    throw badRequest('validation_failed', 'This is already your e-mail address', [
      { field: 'body.email', type: 'unchanged', message: 'the new address equals the current one' },
    ])
  if (await repo.emailTaken(ctx.db, email))
    throw conflict('email_in_use', 'This e-mail address is already in use')
  await ctx.db.transaction().execute(async (trx) => {
    const token = await issueOneTimeToken(trx, customerId, 'email_change', { email })
    const to = { email, acceptLanguage, preferredLanguage: row.preferred_language }
    await mail.queueEmailChange({ ...ctx, db: trx }, to, token)
  })
  mail.wake(ctx)
  return { sent: true }
}

/** Step 2: the token from the mail sets the new address (verified) and signs out every other session. */
export async function confirmEmailChange(ctx: AppContext, token: string): Promise<Customer> {
  const used = await consumeOneTimeToken(ctx.db, token, 'email_change')
  if (!used?.payload.email) throw invalidToken('e-mail change')
  const email = used.payload.email
  if (await repo.emailTaken(ctx.db, email))
    throw conflict('email_in_use', 'This e-mail address is already in use')
  try {
    const changed = await repo.update(ctx.db, used.customerId, { email, email_verified: 1 })
    if (changed !== 1) throw invalidToken('e-mail change')
  } catch (error) {
    if (error instanceof AppError) throw error
    throw conflict('email_in_use', 'This e-mail address is already in use')
  }
  await revokeCustomerTokens(ctx.db, used.customerId)
  return getMe(ctx, used.customerId)
}

/** Account deletion, step 1: mails a link with a one-time token. */
export async function requestDeletion(
  ctx: AppContext,
  customerId: string,
  acceptLanguage?: string,
): Promise<{ sent: true }> {
  const row = await requireCustomer(ctx.db, customerId)
  await enforce(
    ctx.db,
    [{ key: `deletion:account:${customerId}`, limit: ctx.config.rateLimitPerAccount }],
    ctx.config.rateLimitWindowSeconds,
  )
  await ctx.db.transaction().execute(async (trx) => {
    const token = await issueOneTimeToken(trx, customerId, 'account_deletion')
    const to = { email: row.email, acceptLanguage, preferredLanguage: row.preferred_language }
    await mail.queueAccountDeletion({ ...ctx, db: trx }, to, token)
  })
  mail.wake(ctx)
  return { sent: true }
}

/** Account deletion, step 2: the signed-in customer presents the token of the mail; personal data is erased. */
export async function deleteMe(ctx: AppContext, customerId: string, token: string): Promise<void> {
  await requireCustomer(ctx.db, customerId)
  const used = await consumeOneTimeToken(ctx.db, token, 'account_deletion')
  if (!used) throw invalidToken('account deletion')
  if (used.customerId !== customerId) throw forbidden('This deletion link belongs to another account')
  await anonymise(ctx, customerId)
}

/**
 * Account deletion: the customer's personal data goes (addresses, sign-in links, tokens; carts are detached
 * and emptied of their postcode), the row stays as a tombstone without personal data so order records keep
 * their customer id. Orders keep their own copy of name, e-mail and addresses: invoices need them.
 */
async function anonymise(ctx: AppContext, customerId: string): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    await repo.deletePersonalData(trx, customerId)
    await deleteCustomerOneTimeTokens(trx, customerId)
    await forgetDevices(trx, customerId)
    await revokeCustomerTokens(trx, customerId)
    await carts.detachCustomer(trx, customerId)
    await repo.tombstone(trx, customerId)
  })
}

/** Used by password reset and change. */
export async function setPassword(ctx: AppContext, customerId: string, password: string, verified: boolean) {
  await repo.update(ctx.db, customerId, {
    password_hash: await hashPassword(password, ctx.config.passwordHashCost),
    failed_logins: 0,
    locked_until: null,
    ...(verified ? { email_verified: 1 } : {}),
  })
}

/** A shopper, or a member of staff (docs/decisions/0042-staff-roles.md). */
export type Role = 'customer' | StaffRole

/** Grants a staff role or makes a customer again, by e-mail address (scripts/owner.ts); false when no such customer. */
export const setRole = (db: Db, email: string, role: Role): Promise<boolean> =>
  repo.setRole(db, normaliseEmail(email), role)

/**
 * Erasure at the customer's request through the staff (docs/decisions/0068-staff-customers.md): the same
 * erasure as the customer's own deletion, without the mailed token (the staff verified the request).
 */
export const eraseCustomer = (ctx: AppContext, customerId: string) => anonymise(ctx, customerId)
