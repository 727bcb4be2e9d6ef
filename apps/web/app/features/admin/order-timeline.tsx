import { toAmount } from '@shop/contracts/money'
import type { Order } from '@shop/contracts/order'
import type { OrderTimeline as Timeline } from '@shop/contracts/order-refunds'
import { type AdminKey, type AdminTranslate, adminTranslator } from '../../i18n/admin.ts'
import type { Language } from '../../i18n/index.ts'
import { formatDateTime, formatMoney } from '../../lib/format.ts'
import { refundItems } from './order-refund.tsx'

type Event = Timeline['events'][number]

const MAIL_TEXT: Record<string, AdminKey> = {
  sent: 'TL_MAIL_SENT',
  failed: 'TL_MAIL_FAILED',
  pending: 'TL_MAIL_QUEUED',
  sending: 'TL_MAIL_QUEUED',
}

/** What happened, in the page's language: the event's kind and its detail. */
function what(event: Event, order: Order, t: AdminTranslate, language: Language): string[] {
  const d = event.detail
  const text = (key: string) =>
    typeof d[key] === 'string' || typeof d[key] === 'number' ? String(d[key]) : ''
  const money = (key: string) =>
    formatMoney(toAmount(Number(d[key] ?? 0), order.currency), order.currency, language)
  const status = (key: string) => (text(key) ? t(`STATUS_${text(key)}` as AdminKey) : '')
  switch (event.kind) {
    case 'placed':
      return [t('TL_PLACED', { amount: money('amountMinor') })]
    case 'paid':
      return [t('TL_PAID', { amount: money('amountMinor'), brand: text('brand'), last4: text('last4') })]
    case 'mail':
      return [t(MAIL_TEXT[text('status')] ?? 'TL_MAIL_QUEUED', { to: text('to'), subject: text('subject') })]
    case 'status':
      return [t('TL_STATUS', { from: status('from'), to: status('to') })]
    case 'refund': {
      const lines = Array.isArray(d.lines) ? (d.lines as Array<{ line: number; quantity: number }>) : []
      return [
        t('TL_REFUND', { amount: money('amountMinor') }),
        ...(lines.length
          ? [
              t('TL_REFUND_ITEMS', {
                items: refundItems(
                  order,
                  lines.map((l) => ({ entryNumber: l.line, quantity: l.quantity })),
                  t,
                ),
              }),
              t(d.restocked === false ? 'TL_NOT_RESTOCKED' : 'TL_RESTOCKED'),
            ]
          : []),
        ...(text('reason') ? [t('TL_REASON', { reason: text('reason') })] : []),
      ]
    }
    case 'mail_again':
      return [t('TL_MAIL_AGAIN', { to: text('to') })]
  }
}

/** Who did it: a staff member's e-mail, the customer or guest, or the shop itself. */
function who(actor: string, t: AdminTranslate): string {
  if (actor === 'customer') return t('ACTOR_CUSTOMER')
  if (actor === 'guest') return t('ACTOR_GUEST')
  if (actor === 'system') return t('ACTOR_SYSTEM')
  return actor
}

/**
 * Everything that happened to the order, oldest first (docs/decisions/0064-refunds-and-timeline.md): placed, paid,
 * each mail about it, status moves, refunds and resent confirmations, each with when and who.
 */
export function OrderTimeline({
  order,
  timeline,
  language,
}: {
  order: Order
  timeline: Timeline
  language: Language
}) {
  const t = adminTranslator(language)
  return (
    <section aria-labelledby="order-timeline">
      <h2 id="order-timeline">{t('TIMELINE')}</h2>
      <ol className="admin-timeline">
        {timeline.events.map((event, i) => {
          const [first, ...more] = what(event, order, t, language)
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: events have no id; the list only grows at its end
            <li key={i} className="admin-timeline__event" data-kind={event.kind}>
              <time dateTime={event.at}>{formatDateTime(event.at, language)}</time>
              <span className="admin-timeline__what">{first}</span>
              {more.map((line) => (
                <span key={line} className="admin-timeline__more">
                  {line}
                </span>
              ))}
              <span className="admin-timeline__who">{t('TL_BY', { who: who(event.actor, t) })}</span>
            </li>
          )
        })}
      </ol>
    </section>
  )
}
