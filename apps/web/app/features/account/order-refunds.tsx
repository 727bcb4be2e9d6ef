import type { Order } from '@shop/contracts/order'
import { formatDateTime, formatMoney } from '../../lib/format.ts'
import { useShop, useT } from '../../lib/shop.ts'

/**
 * The refunds of a shopper's order (docs/decisions/0064-refunds-and-timeline.md): when, how much, which items,
 * and the total refunded. Nothing when the order has none.
 */
export function OrderRefunds({ order }: { order: Order }) {
  const t = useT()
  const { language } = useShop()
  const refunds = order.refunds ?? []
  if (!refunds.length) return null
  const money = (amount: number) => formatMoney(amount, order.currency, language)
  const name = (entryNumber: number) => order.entries.find((e) => e.entryNumber === entryNumber)?.name ?? ''
  return (
    <section aria-labelledby="order-refunds">
      <h2 id="order-refunds">{t('ORDER_REFUNDS')}</h2>
      <div className="table-scroll">
        <table className="orders-table">
          <thead>
            <tr>
              <th scope="col">{t('REFUND_DATE')}</th>
              <th scope="col">{t('REFUND_AMOUNT')}</th>
              <th scope="col">{t('REFUND_ITEMS')}</th>
            </tr>
          </thead>
          <tbody>
            {refunds.map((r) => (
              <tr key={r.id}>
                <td>
                  <time dateTime={r.created}>{formatDateTime(r.created, language)}</time>
                </td>
                <td>{money(r.amount)}</td>
                <td>
                  {r.lines.length
                    ? r.lines
                        .map((l) => t('REFUND_ITEM', { quantity: l.quantity, name: name(l.entryNumber) }))
                        .join(', ')
                    : t('REFUND_AMOUNT_ONLY')}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <dl className="facts">
        <dt>{t('TOTAL_REFUNDED')}</dt>
        <dd data-testid="order-refunded">{money(order.totalRefunded ?? 0)}</dd>
      </dl>
    </section>
  )
}
