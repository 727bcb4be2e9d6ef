import type { AppContext } from '../../platform/http/context.ts'
import * as customers from '../customer/customer.service.ts'
import * as mail from '../mail/mail.service.ts'
import * as repo from './order.repository.ts'
import { toOrderView } from './order.view.ts'
import { setOrderLanguage } from './refund.repository.ts'

/**
 * Queues the order confirmation: order id, items, totals, shipping address, in the shopper's language (the
 * order request's Accept-Language, else the customer's stored language). Called in the transaction that writes
 * the order (`ctx.db` is it), so the mail exists exactly when the order does; once per order.
 */
export async function queueOrderConfirmation(
  ctx: Pick<AppContext, 'db' | 'config'>,
  orderId: string,
  acceptLanguage: string | undefined,
): Promise<void> {
  const order = await repo.findOrder(ctx.db, orderId)
  if (!order) throw new Error(`Order ${orderId} to confirm does not exist`)
  const view = toOrderView(order, await repo.findEntries(ctx.db, orderId))
  const customer = order.customer_id ? await customers.findById(ctx.db, order.customer_id) : undefined
  const to = { acceptLanguage, preferredLanguage: customer?.preferred_language }
  // Later mails about the order (a refund) are written in the language of its confirmation.
  await setOrderLanguage(ctx.db, orderId, mail.languageFor(to))
  await mail.queueOrderConfirmation(ctx, view, { ...to, withAccountLink: order.customer_id !== null })
}
