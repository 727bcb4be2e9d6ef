import type { Order } from '@shop/contracts/order'
import { formatMailMoney, type MailLanguage, type MailT, mailTranslator } from './mail.texts.ts'
import type { Mail } from './mail.transport.ts'

/** The shop's transactional mails, in en or de. Links point at the storefront screens of spec §2. */
const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  )

const page = (language: MailLanguage, body: string) =>
  `<!doctype html><html lang="${language}"><head><meta charset="utf-8"></head><body>${body}</body></html>`

function mail(
  language: MailLanguage,
  to: string,
  subject: string,
  lines: string[],
  link: string,
  action: string,
): Mail {
  const text = `${lines.join('\n\n')}\n\n${action}: ${link}\n`
  const html = page(
    language,
    `${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}<p><a href="${escapeHtml(link)}">${escapeHtml(action)}</a></p>`,
  )
  return { to, subject, text, html }
}

export const storefrontLinks = {
  passwordReset: (publicUrl: string, token: string) =>
    `${publicUrl}/reset-password/update?token=${encodeURIComponent(token)}`,
  emailChange: (publicUrl: string, token: string) =>
    `${publicUrl}/change-email/confirm?token=${encodeURIComponent(token)}`,
  accountDeletion: (publicUrl: string, token: string) =>
    `${publicUrl}/delete-account?token=${encodeURIComponent(token)}`,
  accountOrder: (publicUrl: string, orderId: string) =>
    `${publicUrl}/account/orders/${encodeURIComponent(orderId)}`,
  staffInvitation: (publicUrl: string, token: string) =>
    `${publicUrl}/admin/invitation/${encodeURIComponent(token)}`,
}

export function passwordResetMail(to: string, link: string, language: MailLanguage = 'en'): Mail {
  const t = mailTranslator(language)
  return mail(
    language,
    to,
    t('RESET_SUBJECT'),
    [t('RESET_LINE_1'), t('RESET_LINE_2')],
    link,
    t('RESET_ACTION'),
  )
}

export function emailChangeMail(to: string, link: string, language: MailLanguage = 'en'): Mail {
  const t = mailTranslator(language)
  return mail(
    language,
    to,
    t('EMAIL_CHANGE_SUBJECT'),
    [t('EMAIL_CHANGE_LINE_1'), t('EMAIL_CHANGE_LINE_2')],
    link,
    t('EMAIL_CHANGE_ACTION'),
  )
}

export function accountDeletionMail(to: string, link: string, language: MailLanguage = 'en'): Mail {
  const t = mailTranslator(language)
  return mail(
    language,
    to,
    t('DELETION_SUBJECT'),
    [t('DELETION_LINE_1'), t('DELETION_LINE_2')],
    link,
    t('DELETION_ACTION'),
  )
}

/** An invitation into the back office with a role (docs/decisions/0066-staff-invitations.md). */
export function staffInvitationMail(
  to: string,
  invite: { link: string; inviter: string; role: 'owner' | 'catalogue' | 'orders' },
  language: MailLanguage = 'en',
): Mail {
  const t = mailTranslator(language)
  const role = t(
    invite.role === 'owner' ? 'ROLE_OWNER' : invite.role === 'catalogue' ? 'ROLE_CATALOGUE' : 'ROLE_ORDERS',
  )
  return mail(
    language,
    to,
    t('INVITE_SUBJECT'),
    [t('INVITE_LINE_1', { inviter: invite.inviter, role }), t('INVITE_LINE_2')],
    invite.link,
    t('INVITE_ACTION'),
  )
}

/** The address block of the confirmation page (behaviour notes): name / company / street / line 2 / "City, State Zip" / country. */
function addressLines(a: Order['shippingAddress']): string[] {
  return [
    a.contactName,
    a.companyName ?? '',
    a.street,
    a.streetAppendix ?? '',
    `${a.city}${a.state ? `, ${a.state}` : ''} ${a.zipCode}`.trim(),
    a.country,
  ].filter((line) => line.trim() !== '')
}

function totalRows(order: Order, t: MailT, money: (amount: number) => string): Array<[string, string]> {
  const rows: Array<[string, string]> = [[t('SUBTOTAL'), money(order.subTotalPrice)]]
  // One line per applied coupon with its code, as on the confirmation page; an order without them (placed
  // before they were kept) shows its whole discount on one line.
  if (order.discounts.length)
    for (const d of order.discounts) rows.push([t('DISCOUNT_WITH_CODE', { code: d.code }), money(-d.amount)])
  else if (order.totalDiscount > 0) rows.push([t('DISCOUNT'), money(-order.totalDiscount)])
  if (order.totalFees > 0) rows.push([t('FEES'), money(order.totalFees)])
  if (order.tax.amount > 0) {
    const label = order.tax.label || t('TAX')
    rows.push([order.tax.included ? t('TAX_INCLUDED', { label }) : label, money(order.tax.amount)])
  }
  rows.push([`${t('SHIPPING')} (${order.shipping.name})`, money(order.shipping.total.amount)])
  rows.push([t('TOTAL'), money(order.totalPrice)])
  return rows
}

/**
 * The order confirmation (issue 6): order id, items, totals, shipping address and the contact phone, in the
 * shopper's language. `phone` is the shop's contact phone (its settings, docs/decisions/0067). `link` (the order
 * in the account) only for a customer's order: a guest's order opens only in the browser session that placed it.
 */
export function orderConfirmationMail(
  order: Order,
  language: MailLanguage,
  phone: string,
  link?: string,
): Mail {
  const t = mailTranslator(language)
  const money = (amount: number) => formatMailMoney(amount, order.currency, language)
  const name = [order.customer.firstName, order.customer.lastName].filter(Boolean).join(' ')
  const greeting = name ? t('ORDER_GREETING', { name }) : t('ORDER_GREETING_ANONYMOUS')
  const count =
    order.itemCount === 1 ? t('ORDER_ITEM_COUNT_ONE') : t('ORDER_ITEM_COUNT', { count: order.itemCount })
  const items = order.entries.map((e) => ({ line: `${e.amount} × ${e.name}`, total: money(e.totalPrice) }))
  const totals = totalRows(order, t, money)
  const address = addressLines(order.shippingAddress)
  const contact = t('CONTACT', { phone })

  const text = [
    `${greeting}\n${t('ORDER_THANKS')}`,
    `${t('ORDER_NUMBER')}: ${order.id}`,
    `${t('ORDER_ITEMS')} (${count}):\n${items.map((i) => `${i.line}: ${i.total}`).join('\n')}`,
    totals.map(([label, value]) => `${label}: ${value}`).join('\n'),
    `${t('SHIPPING_ADDRESS')}:\n${address.join('\n')}`,
    ...(link ? [`${t('ORDER_VIEW')}: ${link}`] : []),
    contact,
  ].join('\n\n')

  const row = (label: string, value: string, strong = false) =>
    `<tr><td>${strong ? `<strong>${escapeHtml(label)}</strong>` : escapeHtml(label)}</td><td style="text-align:right">${strong ? `<strong>${escapeHtml(value)}</strong>` : escapeHtml(value)}</td></tr>`
  const html = page(
    language,
    [
      `<p>${escapeHtml(greeting)}<br>${escapeHtml(t('ORDER_THANKS'))}</p>`,
      `<p>${escapeHtml(t('ORDER_NUMBER'))}: <strong>${escapeHtml(order.id)}</strong></p>`,
      `<h2>${escapeHtml(t('ORDER_ITEMS'))} (${escapeHtml(count)})</h2>`,
      `<table>${items.map((i) => row(i.line, i.total)).join('')}</table>`,
      `<table>${totals.map(([label, value], index) => row(label, value, index === totals.length - 1)).join('')}</table>`,
      `<h2>${escapeHtml(t('SHIPPING_ADDRESS'))}</h2>`,
      `<p>${address.map(escapeHtml).join('<br>')}</p>`,
      ...(link ? [`<p><a href="${escapeHtml(link)}">${escapeHtml(t('ORDER_VIEW'))}</a></p>`] : []),
      `<p>${escapeHtml(contact)}</p>`,
    ].join(''),
  )
  return { to: order.customer.email, subject: t('ORDER_SUBJECT', { id: order.id }), text, html }
}

/** What a refund mail tells: the amount, the units given back, the reason, and all refunded so far. */
export interface RefundNotice {
  amount: number
  items: ReadonlyArray<{ name: string; quantity: number }>
  reason: string
  refundedTotal: number
}

/** The refund notice (issue 16): how much went back to which card, for which items, in the shopper's language. */
export function refundMail(
  order: Order,
  refund: RefundNotice,
  language: MailLanguage,
  phone: string,
  link?: string,
): Mail {
  const t = mailTranslator(language)
  const money = (amount: number) => formatMailMoney(amount, order.currency, language)
  const name = [order.customer.firstName, order.customer.lastName].filter(Boolean).join(' ')
  const greeting = name ? t('ORDER_GREETING', { name }) : t('ORDER_GREETING_ANONYMOUS')
  const payment = order.payments[0]
  const line = t('REFUND_LINE', {
    amount: money(refund.amount),
    id: order.id,
    brand: payment?.brand ?? '',
    last4: payment?.last4 ?? '',
  })
  const items = refund.items.map((i) => `${i.quantity} × ${i.name}`)
  const total = `${t('REFUND_TOTAL')}: ${money(refund.refundedTotal)}`
  const contact = t('CONTACT', { phone })
  const text = [
    `${greeting}\n${line}`,
    ...(items.length ? [`${t('REFUND_ITEMS')}:\n${items.join('\n')}`] : []),
    ...(refund.reason ? [`${t('REFUND_REASON')}: ${refund.reason}`] : []),
    total,
    ...(link ? [`${t('ORDER_VIEW')}: ${link}`] : []),
    contact,
  ].join('\n\n')
  const html = page(
    language,
    [
      `<p>${escapeHtml(greeting)}<br>${escapeHtml(line)}</p>`,
      ...(items.length
        ? [`<h2>${escapeHtml(t('REFUND_ITEMS'))}</h2>`, `<p>${items.map(escapeHtml).join('<br>')}</p>`]
        : []),
      ...(refund.reason ? [`<p>${escapeHtml(t('REFUND_REASON'))}: ${escapeHtml(refund.reason)}</p>`] : []),
      `<p><strong>${escapeHtml(total)}</strong></p>`,
      ...(link ? [`<p><a href="${escapeHtml(link)}">${escapeHtml(t('ORDER_VIEW'))}</a></p>`] : []),
      `<p>${escapeHtml(contact)}</p>`,
    ].join(''),
  )
  return { to: order.customer.email, subject: t('REFUND_SUBJECT', { id: order.id }), text, html }
}
