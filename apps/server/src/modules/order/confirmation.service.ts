import type { AppContext } from '../../platform/http/context.ts'
import * as customers from '../customer/customer.service.ts'
import * as mail from '../mail/mail.service.ts'
import * as repo from './order.repository.ts'
import { toOrderView } from './order.view.ts'

/**
 * Sends the order confirmation after the order is committed: order id, items, totals, shipping address, in the
 * shopper's language (the request's Accept-Language, else the customer's stored language). Never throws: a
 * mail that cannot go out is logged, the order stands. At most one confirmation per order.
 */
export async function sendOrderConfirmation(
  ctx: Pick<AppContext, 'db' | 'config' | 'log'>,
  orderId: string,
  acceptLanguage: string | undefined,
): Promise<void> {
  try {
    const order = await repo.findOrder(ctx.db, orderId)
    if (!order) return
    const view = toOrderView(order, await repo.findEntries(ctx.db, orderId))
    const customer = order.customer_id ? await customers.findById(ctx.db, order.customer_id) : undefined
    await mail.sendOrderConfirmation(ctx, view, {
      acceptLanguage,
      preferredLanguage: customer?.preferred_language,
      withAccountLink: order.customer_id !== null,
    })
  } catch (error) {
    ctx.log.error({ err: error, orderId }, 'the order confirmation mail could not be sent')
  }
}
