import { randomInt } from 'node:crypto'
import type {
  LoginConfig,
  LoginRequest,
  LoginResponse,
  OrderSignupRequest,
  SignupRequest,
  SocialProvider,
} from '@shop/contracts/auth'
import { SESSION_ID_LENGTH } from '@shop/contracts/auth'
import {
  checkPair,
  clearPair,
  isKnownDevice,
  purgeThrottles,
  recordPairFailure,
  rememberDevice,
} from '../../platform/auth/login-throttle.ts'
import { burnVerification, hashPassword, needsRehash, verifyPassword } from '../../platform/auth/password.ts'
import { enforce, purgeExpired } from '../../platform/auth/rate-limit.ts'
import { type SocialIdentity, verifyFacebook, verifyGoogle } from '../../platform/auth/social.ts'
import {
  issueToken,
  type Principal,
  purgeExpiredTokens,
  revokeCustomerTokens,
  revokeToken,
} from '../../platform/auth/tokens.ts'
import type { AppContext } from '../../platform/http/context.ts'
import { AppError, forbidden, notFound, unauthorized } from '../../platform/http/errors.ts'
import * as customers from '../customer/customer.service.ts'
import { normaliseEmail } from '../customer/customer.service.ts'
import { isBlocked } from '../customer/staff-customers.service.ts'
import { storefrontLanguage } from '../mail/mail.service.ts'
import * as orders from '../order/order.service.ts'
import { limitsFor } from './limits.ts'

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'

/** A random session id of 30 letters and digits (spec §7). */
export function newSessionId(): string {
  return Array.from({ length: SESSION_ID_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join('')
}

/** An anonymous token for the given session, or for a new one. */
export async function anonymousLogin(ctx: AppContext, sessionId: string | undefined) {
  const session = sessionId ?? newSessionId()
  const { accessToken, expiresIn } = await issueToken(
    ctx.db,
    { sessionId: session, customerId: null },
    ctx.config.tokenTtlSeconds,
  )
  return {
    access_token: accessToken,
    token_type: 'Bearer' as const,
    expires_in: expiresIn,
    session_id: session,
  }
}

/** What a successful sign-in hands back (LoginResponse) plus the token for the cookie. */
export type SignedIn = LoginResponse

const invalidCredentials = () =>
  new AppError(401, 'invalid_credentials', 'The e-mail or the password is not correct')

/**
 * Rotates the caller's token into a customer token: the presented token (anonymous or another customer's)
 * is revoked, the new one keeps its session id so the anonymous cart can be merged. The browser gets a device
 * token for the account (ADR 0031), unless it brought one the account knows.
 */
async function signIn(
  ctx: AppContext,
  customer: { id: string; email: string },
  previous: { principal: Principal; token: string } | null,
  knownDeviceToken?: string,
): Promise<SignedIn> {
  if (await isBlocked(ctx.db, customer.id))
    throw new AppError(403, 'account_blocked', 'This account is blocked; please contact the shop')
  if (previous) await revokeToken(ctx.db, previous.token)
  const sessionId = previous?.principal.sessionId ?? newSessionId()
  const { accessToken, expiresIn } = await issueToken(
    ctx.db,
    { sessionId, customerId: customer.id },
    ctx.config.tokenTtlSeconds,
  )
  if (Math.random() < 0.05) {
    await purgeExpiredTokens(ctx.db)
    await purgeExpired(ctx.db)
    await purgeThrottles(ctx.db)
  }
  return {
    accessToken,
    tokenType: 'Bearer',
    expiresIn,
    userName: customer.email,
    customerId: customer.id,
    sessionId,
    deviceToken: knownDeviceToken ?? (await rememberDevice(ctx.db, customer.id)),
  }
}

/**
 * E-mail and password sign-in (docs/decisions/0031-login-throttling.md). Wrong passwords slow down the account
 * *at the address they come from* (growing waits, 403 account_locked with Retry-After), so a stranger elsewhere
 * cannot lock its owner out; many failures from many addresses lock the account for browsers that never
 * signed in to it, while a known device (its token from an earlier sign-in) and a password reset get through.
 * Every address is also rate limited across accounts (429).
 */
export async function login(
  ctx: AppContext,
  body: LoginRequest,
  clientAddress: string,
  previous: { principal: Principal; token: string } | null,
): Promise<SignedIn> {
  const email = normaliseEmail(body.email)
  await enforce(ctx.db, limitsFor(ctx, 'login', clientAddress), ctx.config.rateLimitWindowSeconds)
  await checkPair(ctx.db, email, clientAddress)
  const row = await customers.findByEmail(ctx.db, email)
  if (!row?.password_hash) {
    await burnVerification(body.password, ctx.config.passwordHashCost)
    await recordPairFailure(ctx.db, email, clientAddress, throttlePolicy(ctx))
    throw invalidCredentials()
  }
  const knownDevice = await isKnownDevice(ctx.db, row.id, body.deviceToken)
  const now = new Date()
  if (!knownDevice && row.locked_until && row.locked_until > now.toISOString()) {
    throw new AppError(
      403,
      'account_locked',
      'The account is locked after many failed sign-ins from many places; reset the password to get in now',
    )
  }
  if (!(await verifyPassword(body.password, row.password_hash))) {
    await recordPairFailure(ctx.db, email, clientAddress, throttlePolicy(ctx))
    const lockUntil = new Date(now.getTime() + ctx.config.loginLockSeconds * 1000).toISOString()
    await customers.recordFailedLogin(ctx.db, row.id, ctx.config.loginAccountMaxFailures, lockUntil)
    throw invalidCredentials()
  }
  await clearPair(ctx.db, email, clientAddress)
  await customers.updateCustomer(ctx.db, row.id, {
    failed_logins: 0,
    ...(knownDevice ? {} : { locked_until: null }),
    ...(needsRehash(row.password_hash, ctx.config.passwordHashCost)
      ? { password_hash: await hashPassword(body.password, ctx.config.passwordHashCost) }
      : {}),
  })
  return signIn(ctx, row, previous, knownDevice ? body.deviceToken : undefined)
}

const throttlePolicy = (ctx: AppContext) => ({
  maxFailures: ctx.config.loginMaxFailures,
  firstDelaySeconds: ctx.config.loginDelaySeconds,
  maxDelaySeconds: ctx.config.loginLockSeconds,
})

export async function signup(
  ctx: AppContext,
  body: SignupRequest,
  clientAddress: string,
  previous: { principal: Principal; token: string } | null,
  acceptLanguage?: string,
): Promise<SignedIn> {
  await enforce(ctx.db, limitsFor(ctx, 'signup', clientAddress), ctx.config.rateLimitWindowSeconds)
  const row = await customers.createCustomer(ctx.db, {
    email: body.email,
    passwordHash: await hashPassword(body.password, ctx.config.passwordHashCost),
    emailVerified: false,
    title: body.title,
    firstName: body.firstName,
    middleName: body.middleName,
    lastName: body.lastName,
    preferredLanguage: body.preferredLanguage ?? storefrontLanguage(acceptLanguage),
  })
  return signIn(ctx, row, previous)
}

/**
 * Sign-up after purchase (spec §2 confirmation, issue 6): the guest who just placed `orderId` creates an
 * account with the order's e-mail and names and a password; the order becomes the new customer's and the
 * guest is signed in (token rotated, session id kept). Ownership is proven by the caller's token: it must be
 * an anonymous token of the very session that placed the order (the session id lives in an HttpOnly cookie).
 * Anyone else gets 404, as for any order that is not theirs; a signed-in customer 403; an e-mail that already
 * has an account 409 account_already_exists (spec §8 ACCOUNT_ALREADY_EXISTS) and the order stays a guest order.
 */
export async function signupAfterOrder(
  ctx: AppContext,
  body: OrderSignupRequest,
  clientAddress: string,
  previous: { principal: Principal; token: string } | null,
  acceptLanguage?: string,
): Promise<SignedIn> {
  if (!previous) throw unauthorized()
  if (previous.principal.customerId !== null) throw forbidden('You are already signed in')
  await enforce(ctx.db, limitsFor(ctx, 'signup', clientAddress), ctx.config.rateLimitWindowSeconds)
  const sessionId = previous.principal.sessionId
  const buyer = sessionId ? await orders.guestBuyer(ctx, body.orderId, sessionId) : undefined
  if (!buyer) throw notFound('Order', body.orderId)
  if (await customers.findByEmail(ctx.db, buyer.email)) {
    throw new AppError(409, 'account_already_exists', 'An account with this e-mail already exists')
  }
  const passwordHash = await hashPassword(body.password, ctx.config.passwordHashCost)
  const row = await ctx.db.transaction().execute(async (trx) => {
    const created = await customers.createCustomer(trx, {
      email: buyer.email,
      passwordHash,
      emailVerified: false,
      title: buyer.title,
      firstName: buyer.firstName,
      middleName: buyer.middleName,
      lastName: buyer.lastName,
      preferredLanguage: storefrontLanguage(acceptLanguage),
    })
    // Guarded again inside the transaction: two sign-ups for one order cannot both take it.
    if (!(await orders.claimGuestOrder(trx, body.orderId, sessionId, created.id))) {
      throw notFound('Order', body.orderId)
    }
    return created
  })
  return signIn(ctx, row, previous)
}

/**
 * Social sign-in: the provider's token is verified by the provider (google: ID token signature and claims
 * against the issuer's JWKS; facebook: debug_token + /me). The customer is found by the provider link, else
 * by the verified e-mail (and linked), else created without a password.
 */
export async function socialLogin(
  ctx: AppContext,
  provider: SocialProvider,
  accessToken: string,
  clientAddress: string,
  previous: { principal: Principal; token: string } | null,
): Promise<SignedIn> {
  await enforce(ctx.db, limitsFor(ctx, 'social', clientAddress), ctx.config.rateLimitWindowSeconds)
  let identity: SocialIdentity
  try {
    identity =
      provider === 'google'
        ? await verifyGoogle(ctx.config, accessToken)
        : await verifyFacebook(ctx.config, accessToken)
  } catch (error) {
    ctx.log.info({ provider, reason: (error as Error).message }, 'social sign-in refused')
    throw new AppError(401, 'login_failed', `The ${provider} sign-in could not be verified`)
  }
  const linked = await customers.findByProviderSubject(ctx.db, provider, identity.subject)
  if (linked) return signIn(ctx, linked, previous)
  if (!identity.email || !identity.emailVerified) {
    throw new AppError(401, 'login_failed', `The ${provider} account has no verified e-mail address`)
  }
  const existing = await customers.findByEmail(ctx.db, identity.email)
  if (existing) {
    // The provider proved the mailbox. A password set by someone who never proved it could belong to an
    // attacker who registered the address first: it is dropped, and their sessions with it.
    if (!existing.email_verified) {
      await customers.updateCustomer(ctx.db, existing.id, { password_hash: null, email_verified: 1 })
      await revokeCustomerTokens(ctx.db, existing.id)
    }
    await customers.linkAccount(ctx.db, existing.id, provider, identity.subject)
    return signIn(ctx, existing, previous)
  }
  const created = await customers.createCustomer(ctx.db, {
    email: identity.email,
    passwordHash: null,
    emailVerified: true,
    firstName: identity.firstName,
    lastName: identity.lastName,
  })
  await customers.linkAccount(ctx.db, created.id, provider, identity.subject)
  return signIn(ctx, created, previous)
}

export function loginConfig(ctx: AppContext): LoginConfig {
  const providers: LoginConfig['providers'] = []
  if (ctx.config.googleClientId) {
    providers.push({
      providerId: 'google',
      clientId: ctx.config.googleClientId,
      issuer: ctx.config.googleIssuer,
    })
  }
  if (ctx.config.facebookAppId && ctx.config.facebookAppSecret) {
    providers.push({
      providerId: 'facebook',
      clientId: ctx.config.facebookAppId,
      issuer: ctx.config.facebookGraphUrl,
    })
  }
  return { providers }
}

export async function logout(ctx: AppContext, token: string | undefined): Promise<void> {
  if (token) await revokeToken(ctx.db, token)
}
