import type { PasswordChange } from '@shop/contracts/auth'
import { clearAccountFailures } from '../../platform/auth/login-throttle.ts'
import { consumeOneTimeToken, issueOneTimeToken } from '../../platform/auth/one-time-tokens.ts'
import { enforce } from '../../platform/auth/rate-limit.ts'
import { revokeCustomerTokens } from '../../platform/auth/tokens.ts'
import type { AppContext } from '../../platform/http/context.ts'
import { AppError } from '../../platform/http/errors.ts'
import * as customers from '../customer/customer.service.ts'
import { normaliseEmail } from '../customer/customer.service.ts'
import * as mail from '../mail/mail.service.ts'
import { limitsFor } from './limits.ts'

/**
 * Password reset request. Spec §8 expects 404 (EMAIL_NOT_FOUND) for an unknown address, so existence is
 * revealed here as the storefront's contract asks; the per-address and per-account rate limits bound how
 * fast addresses can be probed.
 */
export async function requestPasswordReset(
  ctx: AppContext,
  emailInput: string,
  clientAddress: string,
  acceptLanguage?: string,
) {
  const email = normaliseEmail(emailInput)
  await enforce(ctx.db, limitsFor(ctx, 'reset', clientAddress, email), ctx.config.rateLimitWindowSeconds)
  const row = await customers.findByEmail(ctx.db, email)
  if (!row) throw new AppError(404, 'email_not_found', 'No account uses this e-mail address')
  // the token and the mail that carries it exist together or not at all
  await ctx.db.transaction().execute(async (trx) => {
    const token = await issueOneTimeToken(trx, row.id, 'password_reset')
    await mail.queuePasswordReset(
      { ...ctx, db: trx },
      { email: row.email, acceptLanguage, preferredLanguage: row.preferred_language },
      token,
    )
  })
  mail.wake(ctx)
}

/** Sets the new password from a reset token; every session of the customer is signed out. */
export async function updatePasswordWithToken(ctx: AppContext, token: string, password: string) {
  const used = await consumeOneTimeToken(ctx.db, token, 'password_reset')
  if (!used) throw customers.invalidToken('password reset')
  await customers.setPassword(ctx, used.customerId, password, true)
  await revokeCustomerTokens(ctx.db, used.customerId)
  // The link proves the mailbox: the account's sign-in waits end, from every address (ADR 0031).
  const customer = await customers.findById(ctx.db, used.customerId)
  if (customer) await clearAccountFailures(ctx.db, customer.email)
}

/** Change with the current password; other sessions are signed out, the caller's stays. */
export async function changePassword(
  ctx: AppContext,
  customerId: string,
  body: PasswordChange,
  currentToken: string | undefined,
) {
  await enforce(
    ctx.db,
    [{ key: `password-change:account:${customerId}`, limit: ctx.config.rateLimitPerAccount }],
    ctx.config.rateLimitWindowSeconds,
  )
  const row = await customers.requireCustomer(ctx.db, customerId)
  const wrong = () => new AppError(401, 'wrong_current_password', 'The current password is not correct')
  if (normaliseEmail(body.email) !== row.email) throw wrong()
  await customers.checkPassword(ctx, row, body.currentPassword, wrong)
  await customers.setPassword(ctx, customerId, body.newPassword, false)
  await revokeCustomerTokens(ctx.db, customerId, currentToken)
}
