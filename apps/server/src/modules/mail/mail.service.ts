import type { Order } from '@shop/contracts/order'
import { acceptedLanguages } from '../../platform/http/accept-language.ts'
import type { AppContext } from '../../platform/http/context.ts'
import { claimOnce } from './mail.repository.ts'
import {
  accountDeletionMail,
  emailChangeMail,
  orderConfirmationMail,
  passwordResetMail,
  storefrontLinks,
} from './mail.templates.ts'
import { MAIL_LANGUAGES, mailLanguage } from './mail.texts.ts'
import { mailerFor } from './mailer.ts'

/**
 * The shop's mail, as the other modules send it: one function per mail, each in the recipient's language (the
 * request's Accept-Language, else the language stored on the customer, else en) with its storefront link.
 */
type MailCtx = Pick<AppContext, 'db' | 'config'>

/** Whom a mail goes to and in which language. */
export interface Recipient {
  email: string
  /** The request's Accept-Language header. */
  acceptLanguage?: string
  /** The language stored on the customer. */
  preferredLanguage?: string | null
}

const languageOf = (to: Recipient) => mailLanguage(to.acceptLanguage, to.preferredLanguage)

/** The shop language a request carries (Accept-Language), kept on a new customer for later mails. */
export const storefrontLanguage = (acceptLanguage: string | undefined) =>
  acceptedLanguages(acceptLanguage).find((l) => MAIL_LANGUAGES.some((m) => m === l))

export async function sendPasswordReset(ctx: MailCtx, to: Recipient, token: string): Promise<void> {
  const link = storefrontLinks.passwordReset(ctx.config.publicUrl, token)
  await mailerFor(ctx.config, ctx.db).send(passwordResetMail(to.email, link, languageOf(to)))
}

/** Goes to the NEW address, which the token proves. */
export async function sendEmailChange(ctx: MailCtx, to: Recipient, token: string): Promise<void> {
  const link = storefrontLinks.emailChange(ctx.config.publicUrl, token)
  await mailerFor(ctx.config, ctx.db).send(emailChangeMail(to.email, link, languageOf(to)))
}

export async function sendAccountDeletion(ctx: MailCtx, to: Recipient, token: string): Promise<void> {
  const link = storefrontLinks.accountDeletion(ctx.config.publicUrl, token)
  await mailerFor(ctx.config, ctx.db).send(accountDeletionMail(to.email, link, languageOf(to)))
}

/**
 * The order confirmation, at most once per order: false when it was claimed before (an idempotent replay, a
 * concurrent duplicate, the sweep and the shopper both settling an order). `withAccountLink` adds the link to the
 * order in the account (a customer's order; a guest's opens only in the session that placed it).
 */
export async function sendOrderConfirmation(
  ctx: MailCtx,
  order: Order,
  to: Omit<Recipient, 'email'> & { withAccountLink: boolean },
): Promise<boolean> {
  const language = languageOf({ ...to, email: order.customer.email })
  const link = to.withAccountLink ? storefrontLinks.accountOrder(ctx.config.publicUrl, order.id) : undefined
  if (!(await claimOnce(ctx.db, `order-confirmation:${order.id}`, order.customer.email))) return false
  await mailerFor(ctx.config, ctx.db).send(orderConfirmationMail(order, language, link))
  return true
}
