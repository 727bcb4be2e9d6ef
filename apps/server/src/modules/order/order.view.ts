import type { OrderAddress } from '@shop/contracts/address'
import { toAmount } from '@shop/contracts/money'
import type { Order, OrderRequest } from '@shop/contracts/order'
import type { OrderEntriesTable, OrdersTable } from '../../platform/db/schema.ts'
import type { OrderDiscount, PaymentRecord, ShippingRecord } from './order.records.ts'
import type { OrderRefundRow } from './refund.repository.ts'

/** Shapes a stored order as the Order contract, amounts as decimals. */
export function toOrderView(
  order: OrdersTable,
  entries: OrderEntriesTable[],
  refunds?: ReadonlyArray<Pick<OrderRefundRow, 'id' | 'created_at' | 'amount_minor' | 'lines' | 'reason'>>,
): Order {
  const amount = (minor: number) => toAmount(minor, order.currency)
  const addresses = JSON.parse(order.addresses) as OrderAddress[]
  const shippingAddress = addresses.find((a) => a.type === 'SHIPPING') ?? (addresses[0] as OrderAddress)
  const billingAddress = addresses.find((a) => a.type === 'BILLING') ?? shippingAddress
  const shipping = JSON.parse(order.shipping) as ShippingRecord
  const payment = JSON.parse(order.payment) as PaymentRecord
  const customer = JSON.parse(order.customer) as OrderRequest['customer']
  const discounts = JSON.parse(order.discounts) as OrderDiscount[]
  return {
    id: order.id,
    status: order.status as Order['status'],
    created: order.created_at,
    currency: order.currency,
    siteCode: order.site_code,
    entries: entries.map((e) => ({
      entryNumber: e.line,
      itemYrn: e.item_yrn,
      productId: e.product_id,
      variantId: e.variant_id,
      name: e.name,
      amount: e.quantity,
      unitPrice: amount(e.unit_price_minor),
      totalPrice: amount(e.total_minor),
    })),
    shippingAddress,
    billingAddress,
    shipping: {
      methodId: shipping.methodId,
      zoneId: shipping.zoneId,
      name: shipping.name,
      total: { amount: amount(order.shipping_minor), currency: order.currency },
    },
    subTotalPrice: amount(order.subtotal_minor),
    discounts: discounts.map((d) => ({
      code: d.code,
      ...(d.name ? { name: d.name } : {}),
      amount: amount(d.amountMinor),
      currency: order.currency,
    })),
    totalDiscount: amount(order.discount_minor),
    totalFees: amount(order.fees_minor),
    tax: { amount: amount(order.tax_minor), label: shipping.tax.label, included: shipping.tax.included },
    totalPrice: amount(order.total_minor),
    customer: { email: customer.email, firstName: customer.firstName, lastName: customer.lastName },
    payments: [
      {
        method: payment.method,
        brand: payment.brand,
        last4: payment.last4,
        paidAmount: amount(payment.amountMinor),
        status: payment.status,
      },
    ],
    itemCount: entries.reduce((n, e) => n + e.quantity, 0),
    ...(refunds
      ? {
          refunds: refunds.map((r) => ({
            id: r.id,
            created: r.created_at,
            amount: amount(r.amount_minor),
            lines: (JSON.parse(r.lines) as Array<{ line: number; quantity: number }>).map((l) => ({
              entryNumber: l.line,
              quantity: l.quantity,
            })),
            reason: r.reason,
          })),
          totalRefunded: amount(order.refunded_minor ?? 0),
        }
      : {}),
  }
}
