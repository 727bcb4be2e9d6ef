import { z } from 'zod'
import { OrderAddressInputSchema, OrderAddressSchema } from './address.ts'
import { CurrencySchema, IdSchema, MoneySchema, PagingQuerySchema, PersonNameSchema } from './common.ts'
import { endpoint, errors } from './endpoint.ts'
import { ORDERS_STAFF_TAG } from './staff.ts'

/**
 * Spec §4: CREATED, CONFIRMED, DECLINED; then what the shop owner moves an order through after it: PAID,
 * SHIPPED, COMPLETED (the allowed moves: apps/server/src/modules/order/order-status.ts).
 */
export const ORDER_STATUSES = ['CREATED', 'CONFIRMED', 'DECLINED', 'PAID', 'SHIPPED', 'COMPLETED'] as const

export type OrderStatus = (typeof ORDER_STATUSES)[number]

/** An order status move (POST orders/{id}/transitions; the owner's call takes every status). */
export const OrderTransitionSchema = z
  .object({ status: z.enum(ORDER_STATUSES) })
  .meta({ id: 'OrderTransition' })

export const CustomerInfoSchema = z.object({
  id: z.string().optional(),
  title: z.enum(['', 'MR', 'MS', 'MRS', 'DR']).optional(),
  firstName: PersonNameSchema.min(1),
  middleName: PersonNameSchema.optional(),
  lastName: PersonNameSchema.min(1),
  email: z.email().max(254),
})

export const OrderRequestSchema = z
  .object({
    cartId: z.string().min(1).max(64),
    payment: z.object({
      paymentId: z.enum(['test-card', 'stripe']),
      customAttributes: z.object({ token: z.string().min(1).max(200) }),
      /**
       * The re-submission after a 402 payment_requires_action (3-D Secure): the PaymentIntent the browser
       * authenticated, sent with the same body and Idempotency-Key as the first request.
       */
      paymentIntentId: z.string().min(1).max(255).optional(),
    }),
    currency: CurrencySchema,
    shipping: z.object({ methodId: IdSchema, zoneId: IdSchema, amount: z.number().optional() }),
    /** The total the shopper saw; the order is refused with 409 total_changed when prices moved since. */
    totalPrice: z.number().min(0),
    addresses: z
      .array(OrderAddressInputSchema)
      .min(1)
      .max(2)
      .refine((list) => list.some((a) => a.type === 'SHIPPING'), 'a SHIPPING address is required'),
    customer: CustomerInfoSchema,
  })
  .meta({ id: 'OrderRequest' })

/**
 * `Idempotency-Key` of `POST checkouts/order`: one key per order the shopper submits (reuse it for retries of
 * the same request body). The same key and body answer as the first request did (header
 * `Idempotent-Replayed: true`), another body is 422 idempotency_key_reused; keys are per caller, kept 24 h.
 */
export const CheckoutHeadersSchema = z.object({
  'idempotency-key': z.string().min(1).max(255).optional().meta({
    description: 'One key per order submitted; a retry with the same key and body replays the answer',
  }),
})

export const OrderCreatedSchema = z.object({ orderId: z.string(), checkoutId: z.string().optional() })

export const OrderEntrySchema = z.object({
  entryNumber: z.number().int(),
  itemYrn: z.string(),
  productId: z.string(),
  variantId: z.string().nullable(),
  name: z.string(),
  amount: z.number().int(),
  unitPrice: z.number(),
  totalPrice: z.number(),
})

export const OrderSchema = z
  .object({
    id: z.string(),
    status: z.enum(ORDER_STATUSES),
    created: z.string(),
    currency: CurrencySchema,
    siteCode: z.string(),
    entries: z.array(OrderEntrySchema),
    shippingAddress: OrderAddressSchema,
    billingAddress: OrderAddressSchema,
    shipping: z.object({ methodId: z.string(), zoneId: z.string(), name: z.string(), total: MoneySchema }),
    subTotalPrice: z.number(),
    /** The coupons applied at checkout: code, the coupon's name then, amount (their sum is totalDiscount). */
    discounts: z.array(
      z.object({
        code: z.string(),
        name: z.string().optional(),
        amount: z.number(),
        currency: CurrencySchema,
      }),
    ),
    totalDiscount: z.number(),
    totalFees: z.number(),
    tax: z.object({ amount: z.number(), label: z.string(), included: z.boolean() }),
    totalPrice: z.number(),
    customer: z.object({ email: z.string(), firstName: z.string(), lastName: z.string() }),
    payments: z.array(
      z.object({
        method: z.string(),
        brand: z.string(),
        last4: z.string(),
        paidAmount: z.number(),
        status: z.string(),
      }),
    ),
    itemCount: z.number().int(),
    /** The order's refunds, oldest first (one order's answers; lists leave them out). */
    refunds: z
      .array(
        z.object({
          id: z.string(),
          created: z.string(),
          amount: z.number(),
          /** Units of order lines given back (entryNumber). */
          lines: z.array(z.object({ entryNumber: z.number().int(), quantity: z.number().int() })),
          reason: z.string(),
        }),
      )
      .optional(),
    /** The sum of the refunds. */
    totalRefunded: z.number().optional(),
  })
  .meta({ id: 'Order' })

export const OrderParamsSchema = z.object({ orderId: z.string().max(64) })

/** The signed-in customer's orders, newest first, 10 a page. */
export const OrderListQuerySchema = PagingQuerySchema.extend({
  pageSize: z.coerce.number().int().min(1).max(200).default(10),
})

const DaySchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a day as YYYY-MM-DD')
const MinorSchema = z.coerce.number().int().min(0).max(1_000_000_000_000)

/**
 * Every order of the shop for the staff, newest first, 20 a page, filtered by status, site, the day it was placed
 * (from and to inclusive, UTC), its total in minor units, and q: the start of an order number or part of the
 * e-mail (docs/decisions/0057-staff-orders.md).
 */
export const OwnerOrderListQuerySchema = PagingQuerySchema.extend({
  pageSize: z.coerce.number().int().min(1).max(200).default(20),
  status: z.enum(ORDER_STATUSES).optional(),
  site: z.string().trim().min(1).max(32).optional(),
  from: DaySchema.optional(),
  to: DaySchema.optional(),
  minTotalMinor: MinorSchema.optional(),
  maxTotalMinor: MinorSchema.optional(),
  q: z.string().trim().min(1).max(100).optional(),
})
export type OwnerOrderListQuery = z.infer<typeof OwnerOrderListQuerySchema>

/** The customer's own move: a cancellation. */
export const CancelOrderSchema = z.object({ status: z.literal('DECLINED') })

export type OrderRequest = z.infer<typeof OrderRequestSchema>
export type Order = z.infer<typeof OrderSchema>

/** Placing an order (checkout), the customer's orders and the shop owner's order list (spec §7 "Order"). */
export const orderApi = {
  placeOrder: endpoint({
    method: 'POST',
    path: '/api/checkout/checkouts/order',
    tags: ['checkout'],
    security: 'bearer',
    description:
      'Places the order of a cart: 400 on the request or the cart, 402 when the payment is refused or needs 3-D Secure (payment_requires_action), 404 unknown cart, 409 when the total, stock or cart changed, 422 idempotency_key_reused.',
    headers: CheckoutHeadersSchema,
    body: OrderRequestSchema,
    responses: { 201: OrderCreatedSchema, ...errors(400, 401, 402, 403, 404, 409, 422) },
  }),
  order: endpoint({
    method: 'GET',
    path: '/api/order/orders/:orderId',
    tags: ['order'],
    security: 'bearer',
    params: OrderParamsSchema,
    responses: { 200: OrderSchema, ...errors(400, 401, 404) },
  }),
  /** The signed-in customer's orders, newest first; the total is in x-total-count (spec §3, §9). */
  orders: endpoint({
    method: 'GET',
    path: '/api/order/orders',
    tags: ['order'],
    security: 'bearer',
    query: OrderListQuerySchema,
    responses: { 200: z.array(OrderSchema), ...errors(400, 401) },
    paged: true,
  }),
  /** Cancel: status DECLINED, only from CREATED or CONFIRMED (409 otherwise); stock returned, payment refunded. */
  cancelOrder: endpoint({
    method: 'POST',
    path: '/api/order/orders/:orderId/transitions',
    tags: ['order'],
    security: 'bearer',
    params: OrderParamsSchema,
    body: CancelOrderSchema,
    responses: { 200: OrderSchema, ...errors(400, 401, 403, 404, 409, 502) },
  }),
  /** The shop owner's order list (docs/decisions/0022-order-lifecycle-and-owner.md); other customers get 403. */
  ownerOrders: endpoint({
    method: 'GET',
    path: '/api/owner/orders',
    tags: ['owner', ORDERS_STAFF_TAG],
    security: 'bearer',
    query: OwnerOrderListQuerySchema,
    responses: { 200: z.array(OrderSchema), ...errors(400, 401, 403) },
    paged: true,
  }),
  ownerOrder: endpoint({
    method: 'GET',
    path: '/api/owner/orders/:orderId',
    tags: ['owner', ORDERS_STAFF_TAG],
    security: 'bearer',
    params: OrderParamsSchema,
    responses: { 200: OrderSchema, ...errors(400, 401, 403, 404) },
  }),
  /**
   * The owner moves an order: CREATED → CONFIRMED → PAID → SHIPPED → COMPLETED, or DECLINED before shipping
   * (stock returned, payment refunded); 409 order_transition_not_allowed for any other move.
   */
  ownerTransition: endpoint({
    method: 'POST',
    path: '/api/owner/orders/:orderId/transitions',
    tags: ['owner', ORDERS_STAFF_TAG],
    security: 'bearer',
    params: OrderParamsSchema,
    body: OrderTransitionSchema,
    responses: { 200: OrderSchema, ...errors(400, 401, 403, 404, 409, 502) },
  }),
}
