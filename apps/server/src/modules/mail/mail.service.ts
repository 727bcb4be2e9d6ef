import { randomUUID } from 'node:crypto'
import type { MailQueue } from '@shop/contracts/mail'
import type { Order } from '@shop/contracts/order'
import type { FastifyInstance } from 'fastify'
import { acceptedLanguages } from '../../platform/http/accept-language.ts'
import type { AppContext } from '../../platform/http/context.ts'
import { contactPhone } from '../site/shop-settings.service.ts'
import {
  countWaiting,
  findMessageByKey,
  findOrderMessages,
  insertMessage,
  listMessages,
  type MailStatus,
} from './mail.repository.ts'
import {
  accountDeletionMail,
  emailChangeMail,
  orderConfirmationMail,
  passwordResetMail,
  type RefundNotice,
  refundMail,
  staffInvitationMail,
  storefrontLinks,
} from './mail.templates.ts'
import { MAIL_LANGUAGES, mailLanguage } from './mail.texts.ts'
import type { Mail } from './mail.transport.ts'
import { type MailWorker, startMailWorker } from './mail.worker.ts'

/**
 * The shop's mail, as the other modules owe it: one function per mail, each in the recipient's language (the
 * request's Accept-Language, else the language stored on the customer, else en) with its storefront link. A
 * mail is queued in the caller's transaction (`ctx.db` may be one), so it exists exactly when the change that
 * owes it does; the worker of every process delivers it (docs/decisions/0026-mail-queue.md). After the
 * transaction commits, `wake(ctx)` sends it at once instead of at the next poll.
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

async function queue(ctx: MailCtx, mail: Mail, dedupeKey: string | null = null): Promise<boolean> {
  return insertMessage(ctx.db, {
    id: randomUUID(),
    dedupe_key: dedupeKey,
    recipient: mail.to,
    subject: mail.subject,
    text_body: mail.text,
    html_body: mail.html ?? null,
    created_at: new Date().toISOString(),
  })
}

export async function queuePasswordReset(ctx: MailCtx, to: Recipient, token: string): Promise<void> {
  const link = storefrontLinks.passwordReset(ctx.config.publicUrl, token)
  await queue(ctx, passwordResetMail(to.email, link, languageOf(to)))
}

/** Goes to the NEW address, which the token proves. */
export async function queueEmailChange(ctx: MailCtx, to: Recipient, token: string): Promise<void> {
  const link = storefrontLinks.emailChange(ctx.config.publicUrl, token)
  await queue(ctx, emailChangeMail(to.email, link, languageOf(to)))
}

export async function queueAccountDeletion(ctx: MailCtx, to: Recipient, token: string): Promise<void> {
  const link = storefrontLinks.accountDeletion(ctx.config.publicUrl, token)
  await queue(ctx, accountDeletionMail(to.email, link, languageOf(to)))
}

/**
 * The order confirmation, queued once per order (false when it was queued before). `withAccountLink` adds the
 * link to the order in the account (a customer's order; a guest's opens only in the session that placed it);
 * `contactPhone` is the shop's phone it gives, read by the caller before its transaction (the order's `orderReader`).
 */
export async function queueOrderConfirmation(
  ctx: MailCtx,
  order: Order,
  to: Omit<Recipient, 'email'> & { withAccountLink: boolean; contactPhone: string },
): Promise<boolean> {
  const language = languageOf({ ...to, email: order.customer.email })
  const link = to.withAccountLink ? storefrontLinks.accountOrder(ctx.config.publicUrl, order.id) : undefined
  const mail = orderConfirmationMail(order, language, to.contactPhone, link)
  return queue(ctx, mail, `order-confirmation:${order.id}`)
}

/** An invitation into the back office, its link carrying the token. */
export async function queueStaffInvitation(
  ctx: MailCtx,
  to: Recipient,
  invite: { token: string; inviter: string; role: 'owner' | 'catalogue' | 'orders' },
): Promise<void> {
  const link = storefrontLinks.staffInvitation(ctx.config.publicUrl, invite.token)
  await queue(ctx, staffInvitationMail(to.email, { ...invite, link }, languageOf(to)))
}

/** The language a mail to this recipient is written in (the order keeps it for later mails about the order). */
export const languageFor = (to: Omit<Recipient, 'email'>) =>
  mailLanguage(to.acceptLanguage, to.preferredLanguage)

/** A refund's notice (docs/decisions/0064-refunds-and-timeline.md), once per refund. */
export async function queueRefundNotice(
  ctx: MailCtx,
  order: Order,
  refund: RefundNotice & { id: string },
  to: Omit<Recipient, 'email'> & { withAccountLink: boolean },
): Promise<boolean> {
  const language = languageOf({ ...to, email: order.customer.email })
  const link = to.withAccountLink ? storefrontLinks.accountOrder(ctx.config.publicUrl, order.id) : undefined
  const mail = refundMail(order, refund, language, await contactPhone(ctx.db), link)
  return queue(ctx, mail, `order-refund:${order.id}:${refund.id}`)
}

/**
 * The order's confirmation once more, as it was first written (its language and content), under a key of its
 * own; false when the order's confirmation was never queued.
 */
export async function queueConfirmationAgain(
  ctx: MailCtx,
  orderId: string,
  againId: string,
): Promise<boolean> {
  const first = await findMessageByKey(ctx.db, `order-confirmation:${orderId}`)
  if (!first) return false
  return queue(
    ctx,
    {
      to: first.recipient,
      subject: first.subject,
      text: first.text_body,
      html: first.html_body ?? undefined,
    },
    `order-confirmation-again:${orderId}:${againId}`,
  )
}

/** The mails about an order for its timeline: to whom, the subject, queued, sent (no bodies). */
export async function orderMails(ctx: Pick<AppContext, 'db'>, orderId: string) {
  return (await findOrderMessages(ctx.db, orderId)).map((m) => ({
    to: m.recipient,
    subject: m.subject,
    status: m.status,
    queued: m.created_at,
    sent: m.sent_at,
  }))
}

const workers = new WeakMap<AppContext['config'], MailWorker>()

/** Every process delivers the queue from start-up until it closes (the close waits for a send under way). */
export function runMailWorker(
  app: FastifyInstance,
  ctx: Pick<AppContext, 'db' | 'config' | 'log' | 'metrics'>,
): void {
  ctx.metrics?.gauge(
    'shop_mail_messages',
    'Mail waiting, being sent, or failed for good',
    ['status'],
    async () => Object.entries(await countWaiting(ctx.db)).map(([status, n]) => [{ status }, n]),
  )
  app.addHook('onReady', async () => {
    workers.set(ctx.config, startMailWorker(ctx))
  })
  app.addHook('onClose', async () => {
    await workers.get(ctx.config)?.stop()
    workers.delete(ctx.config)
  })
}

/** Deliver what was just queued now rather than at the next poll; call after the transaction committed. */
export function wake(ctx: Pick<AppContext, 'config'>): void {
  workers.get(ctx.config)?.wake()
}

/**
 * The owner's view: how many mails wait, are being sent, or failed, and the newest mails (of a status), without
 * their bodies (a reset link is a live credential).
 */
export async function mailQueue(
  ctx: Pick<AppContext, 'db'>,
  query: { status?: MailStatus; limit?: number },
): Promise<MailQueue> {
  const [counts, rows] = await Promise.all([countWaiting(ctx.db), listMessages(ctx.db, query)])
  const mails = rows.map((m) => ({
    id: m.id,
    to: m.recipient,
    subject: m.subject,
    status: m.status,
    attempts: m.attempts,
    nextAttempt: m.next_attempt_at,
    lastError: m.last_error,
    created: m.created_at,
    sent: m.sent_at,
  }))
  return { counts, mails }
}
