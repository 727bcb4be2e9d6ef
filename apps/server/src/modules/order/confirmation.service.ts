import type { Db } from '../../platform/db/database.ts'
import type { AppContext } from '../../platform/http/context.ts'
import * as customers from '../customer/customer.service.ts'
import * as mail from '../mail/mail.service.ts'
import { contactPhone } from '../site/shop-settings.service.ts'
import type { WrittenOrder } from './order.service.ts'
import { toOrderView } from './order.view.ts'

/** Whom an order's mails speak to: the order request's Accept-Language, else the customer's stored language. */
export interface OrderReader {
  acceptLanguage: string | undefined
  preferredLanguage: string | null | undefined
  /** The language the order's mails are written in (the order keeps it for later mails about it). */
  language: string
  /** The shop's phone the confirmation gives. */
  contactPhone: string
}

/**
 * The language of a new order's mails, for the order's row and its confirmation, and the shop's phone it gives.
 * Read before the order's transaction, on the shop's handle: the settings are then a kept read (ADR 0088), not a
 * statement in every order's transaction.
 */
export async function orderReader(
  db: Db,
  customerId: string | null,
  acceptLanguage: string | undefined,
): Promise<OrderReader> {
  const [customer, phone] = await Promise.all([
    customerId ? customers.findById(db, customerId) : undefined,
    contactPhone(db),
  ])
  const to = { acceptLanguage, preferredLanguage: customer?.preferred_language }
  return { ...to, language: mail.languageFor(to), contactPhone: phone }
}

/**
 * Queues the order confirmation: order id, items, totals, shipping address, in the reader's language, made from
 * the rows the order was just written as. Called in the transaction that writes the order (`ctx.db` is it), so
 * the mail exists exactly when the order does; once per order.
 */
export async function queueOrderConfirmation(
  ctx: Pick<AppContext, 'db' | 'config'>,
  written: WrittenOrder,
  reader: OrderReader,
): Promise<void> {
  const { order, entries } = written
  await mail.queueOrderConfirmation(ctx, toOrderView(order, entries), {
    acceptLanguage: reader.acceptLanguage,
    preferredLanguage: reader.preferredLanguage,
    withAccountLink: order.customer_id !== null,
    contactPhone: reader.contactPhone,
  })
}
