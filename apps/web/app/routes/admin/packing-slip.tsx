import { useEffect, useState } from 'react'
import { Link, useLoaderData } from 'react-router'
import { formatAddressLines } from '../../features/address/address-lines.ts'
import { adminMeta } from '../../features/admin/meta.ts'
import orderStyles from '../../features/admin/order-extras.css?url'
import { refundedUnits } from '../../features/admin/refund-form.ts'
import { asStaff } from '../../features/admin/staff.server.ts'
import { adminTranslator } from '../../i18n/admin.ts'
import { getSession } from '../../lib/context.server.ts'
import { formatDate } from '../../lib/format.ts'
import type { Route } from './+types/packing-slip'

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: orderStyles }]

export const meta: Route.MetaFunction = adminMeta

/**
 * An order's packing slip (docs/decisions/0064-refunds-and-timeline.md): what goes into the parcel and where it
 * goes, no prices; refunded units are not packed. The print stylesheet leaves only the slip on paper.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const session = getSession(context)
  const order = await asStaff(request, () => session.api.staffOrder(params.orderId))
  const refunded = refundedUnits(order)
  const t = adminTranslator(session.language)
  return {
    order: {
      id: order.id,
      created: order.created,
      shippingAddress: order.shippingAddress,
      shippingMethod: order.shipping.name,
    },
    lines: order.entries
      .map((e) => ({
        entryNumber: e.entryNumber,
        name: e.name,
        quantity: e.amount - Math.min(e.amount, refunded.get(e.entryNumber) ?? 0),
      }))
      .filter((l) => l.quantity > 0),
    language: session.language,
    title: `${t('PACKING_SLIP_TITLE', { id: order.id })} – ${t('ADMIN')}`,
  }
}

export default function PackingSlip() {
  const { order, lines, language } = useLoaderData<typeof loader>()
  const t = adminTranslator(language)
  // The print button needs the page's script; before it runs, the browser's own print does the same.
  const [printable, setPrintable] = useState(false)
  useEffect(() => setPrintable(true), [])
  return (
    <article className="packing-slip">
      <div className="packing-slip__controls">
        <Link to={`/admin/orders/${encodeURIComponent(order.id)}`}>{t('BACK_TO_ORDER')}</Link>
        {printable ? (
          <button type="button" className="button button--primary" onClick={() => window.print()}>
            {t('PRINT')}
          </button>
        ) : null}
      </div>
      <h1>{t('PACKING_SLIP_TITLE', { id: order.id })}</h1>
      <dl className="packing-slip__facts">
        <dt>{t('SLIP_ORDER_DATE')}</dt>
        <dd>
          <time dateTime={order.created}>{formatDate(order.created, language)}</time>
        </dd>
        <dt>{t('SLIP_METHOD')}</dt>
        <dd>{order.shippingMethod}</dd>
      </dl>
      <section aria-labelledby="slip-ship-to">
        <h2 id="slip-ship-to">{t('SLIP_SHIP_TO')}</h2>
        <address>
          {formatAddressLines(order.shippingAddress, language).map((line) => (
            <span key={line} className="admin-line">
              {line}
            </span>
          ))}
        </address>
      </section>
      <section aria-labelledby="slip-items">
        <h2 id="slip-items">{t('ORDER_LINES')}</h2>
        {lines.length === 0 ? (
          <p>{t('SLIP_NOTHING')}</p>
        ) : (
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">{t('COL_ITEM')}</th>
                <th scope="col">{t('COL_QUANTITY')}</th>
              </tr>
            </thead>
            <tbody>
              {lines.map((l) => (
                <tr key={l.entryNumber}>
                  <th scope="row">{l.name}</th>
                  <td className="admin-number">{l.quantity}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </article>
  )
}
