import type { Order } from '@shop/contracts/order'
import { Link, useSearchParams } from 'react-router'
import { formatDate, formatMoney } from '../../lib/format.ts'
import { useShop, useT } from '../../lib/shop.ts'
import type { AccountLists } from './account-lists.ts'

export function statusText(t: ReturnType<typeof useT>, status: Order['status']): string {
  return t(`STATUS_${status}`)
}

export function OrderList({ orders }: { orders: AccountLists['orders'] }) {
  const t = useT()
  const { language } = useShop()
  const [params] = useSearchParams()
  const showingAll = params.get('orders') === 'all'
  const toggle = new URLSearchParams(params)
  if (showingAll) toggle.delete('orders')
  else toggle.set('orders', 'all')
  return (
    <section className="account__section" aria-labelledby="orders-heading">
      <h2 id="orders-heading">{t('ORDERS')}</h2>
      {!orders ? (
        <p className="alert alert--error">{t('FAIL_ORDERS')}</p>
      ) : orders.items.length === 0 ? (
        <p>{t('NO_ORDERS')}</p>
      ) : (
        <div className="table-scroll">
          <table className="orders-table">
            <thead>
              <tr>
                <th scope="col">{t('ORDER')}</th>
                <th scope="col">{t('ORDER_DATE')}</th>
                <th scope="col">{t('ORDER_STATUS')}</th>
                <th scope="col">{t('ORDER_ITEMS')}</th>
                <th scope="col">{t('ORDER_TOTAL')}</th>
              </tr>
            </thead>
            <tbody>
              {orders.items.map((o) => (
                <tr key={o.id}>
                  <td>
                    <Link to={`/account/orders/${encodeURIComponent(o.id)}`}>{o.id}</Link>
                  </td>
                  <td>{formatDate(o.created, language)}</td>
                  <td>{statusText(t, o.status)}</td>
                  <td>
                    {t(o.itemCount === 1 ? 'ORDER_ITEM_COUNT_ONE' : 'ORDER_ITEM_COUNT_OTHER', {
                      count: o.itemCount,
                    })}
                  </td>
                  <td>{formatMoney(o.totalPrice, o.currency, language)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {orders && (orders.total > 10 || showingAll) ? (
        <Link className="button button--link" to={`?${toggle}`} preventScrollReset>
          {showingAll ? t('SHOW_LESS') : t('SHOW_ALL', { count: orders.total })}
        </Link>
      ) : null}
    </section>
  )
}
