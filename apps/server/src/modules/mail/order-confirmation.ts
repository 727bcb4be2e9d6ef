import type { Db } from '../../platform/db/database.ts'
import type { AppContext } from '../../platform/http/context.ts'
import { mailerFor } from '../../platform/mail/mailer.ts'
import * as customers from '../customer/customer.repository.ts'
import * as orders from '../order/order.repository.ts'
import { toOrderView } from '../order/order.view.ts'
import { orderConfirmationMail, storefrontLinks } from './mail.templates.ts'
import { mailLanguage } from './mail.texts.ts'

interface MailLogTable {
  key: string
  recipient: string
  created_at: string
}

const mailLog = (db: Db) => db.withTables<{ mail_log: MailLogTable }>()

/**
 * Claims a mail that must go out at most once (migration 0010). False when another request or process
 * claimed it first (an idempotent replay of the same order, a concurrent duplicate).
 */
async function claim(db: Db, key: string, recipient: string): Promise<boolean> {
  const result = await mailLog(db)
    .insertInto('mail_log')
    .values({ key, recipient, created_at: new Date().toISOString() })
    .onConflict((oc) => oc.column('key').doNothing())
    .executeTakeFirst()
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1
}

/**
 * Sends the order confirmation (issue 6) after the order is committed: order id, items, totals, shipping
 * address, in the shopper's language (the request's Accept-Language, else the customer's stored language).
 * Never throws: a mail that cannot go out is logged, the order stands. At most one confirmation per order.
 */
export async function sendOrderConfirmation(
  ctx: Pick<AppContext, 'db' | 'config' | 'log'>,
  orderId: string,
  acceptLanguage: string | undefined,
): Promise<void> {
  try {
    const order = await orders.findOrder(ctx.db, orderId)
    if (!order) return
    const view = toOrderView(order, await orders.findEntries(ctx.db, orderId))
    const customer = order.customer_id ? await customers.findById(ctx.db, order.customer_id) : undefined
    const language = mailLanguage(acceptLanguage, customer?.preferred_language)
    const link = order.customer_id ? storefrontLinks.accountOrder(ctx.config.publicUrl, orderId) : undefined
    if (!(await claim(ctx.db, `order-confirmation:${orderId}`, view.customer.email))) return
    await mailerFor(ctx.config, ctx.db).send(orderConfirmationMail(view, language, link))
  } catch (error) {
    ctx.log.error({ err: error, orderId }, 'the order confirmation mail could not be sent')
  }
}
