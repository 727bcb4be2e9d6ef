import type { Order } from '@shop/contracts/order'
import { adminTranslator } from '../../i18n/admin.ts'
import type { Language } from '../../i18n/index.ts'
import { formatMoney } from '../../lib/format.ts'
import { formatAddressLines } from '../address/address-lines.ts'

type Row = [label: string, amount: number, strong?: boolean]

/** The totals block's rows: subtotal, each discount (negative), fees when any, shipping, tax, total. */
function totalRows(order: Order, t: ReturnType<typeof adminTranslator>): Row[] {
  return [
    [t('SUBTOTAL'), order.subTotalPrice],
    ...order.discounts.map((d): Row => [t('DISCOUNT', { code: d.code }), -d.amount]),
    ...(order.totalFees ? [[t('ORDER_FEES'), order.totalFees] as Row] : []),
    [t('SHIPPING'), order.shipping.total.amount],
    [order.tax.label, order.tax.amount],
    [t('TOTAL'), order.totalPrice, true],
  ]
}

/** An order's lines, addresses, payment and totals, as the staff read them. */
export function OrderDetail({ order, language }: { order: Order; language: Language }) {
  const t = adminTranslator(language)
  const money = (amount: number) => formatMoney(amount, order.currency, language)
  return (
    <>
      <div>
        <h2 id="order-lines">{t('ORDER_LINES')}</h2>
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (axe) */}
        <section className="admin-table-wrap" aria-label={t('ORDER_LINES')} tabIndex={0}>
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">{t('COL_ITEM')}</th>
                <th scope="col">{t('COL_QUANTITY')}</th>
                <th scope="col">{t('COL_UNIT_PRICE')}</th>
                <th scope="col">{t('COL_TOTAL')}</th>
              </tr>
            </thead>
            <tbody>
              {order.entries.map((entry) => (
                <tr key={entry.entryNumber}>
                  <th scope="row">{entry.name}</th>
                  <td className="admin-number">{entry.amount}</td>
                  <td className="admin-number">{money(entry.unitPrice)}</td>
                  <td className="admin-number">{money(entry.totalPrice)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      </div>
      <div className="admin-columns">
        {(
          [
            ['SHIPPING_ADDRESS', order.shippingAddress],
            ['BILLING_ADDRESS', order.billingAddress],
          ] as const
        ).map(([key, address]) => (
          <section key={key} aria-labelledby={`order-${key}`}>
            <h2 id={`order-${key}`}>{t(key)}</h2>
            <address>
              {formatAddressLines(address, language).map((line) => (
                <span key={line} className="admin-line">
                  {line}
                </span>
              ))}
            </address>
            {key === 'SHIPPING_ADDRESS' ? <p>{t('SHIPPING_METHOD', { name: order.shipping.name })}</p> : null}
          </section>
        ))}
        <section aria-labelledby="order-payment">
          <h2 id="order-payment">{t('PAYMENT')}</h2>
          {order.payments.length === 0 ? <p>{t('NO_PAYMENT')}</p> : null}
          {order.payments.map((p) => (
            <p key={`${p.method}-${p.last4}-${p.status}`}>
              {t('PAYMENT_LINE', {
                brand: p.brand,
                last4: p.last4,
                amount: money(p.paidAmount),
                status: p.status,
              })}
            </p>
          ))}
        </section>
      </div>
      <section aria-labelledby="order-totals">
        <h2 id="order-totals">{t('TOTALS')}</h2>
        <dl className="admin-totals">
          {totalRows(order, t).map(([label, amount, strong]) => (
            <div key={label} className="admin-totals__row">
              <dt>{label}</dt>
              <dd>{strong ? <strong>{money(amount)}</strong> : money(amount)}</dd>
            </div>
          ))}
        </dl>
      </section>
    </>
  )
}
