import type { OrderAddress } from '@shop/contracts/address'
import type { Calculation } from '@shop/contracts/calculation'
import type { OrderRequest } from '@shop/contracts/order'
import type { MessageKey } from '../../i18n/index.ts'
import { isApiError } from '../../lib/api.ts'
import type { ShopSession } from '../../lib/context.server.ts'
import {
  type AddressValues,
  type BillingValues,
  billingAddressOf,
  type FieldErrors,
  type ShippingValues,
  validateBilling,
  validateShipping,
} from './fields.ts'

/** What the wizard posts (one JSON field): never card data, only the provider's token. */
export interface WizardPost {
  guest: boolean
  billing: BillingValues
  shipping: ShippingValues
  token?: string
  /** The provider that made the token (card.ts); the server refuses one it does not offer. */
  paymentId?: 'test-card' | 'stripe'
  totalPrice?: number
  idempotencyKey?: string
  /** The re-submission after 3-D Secure: the PaymentIntent the shopper authenticated (same body and key). */
  paymentIntentId?: string
}

export type CheckoutActionData =
  | { intent: 'preview'; preview: Calculation }
  | { intent: 'preview'; message: MessageKey; details: string[]; errors: FieldErrors }
  | {
      intent: 'order'
      message: MessageKey
      details: string[]
      errors: FieldErrors
      status: number
      /** 402 payment_requires_action: the bank's challenge to run with Stripe.js, then the same order again. */
      authentication?: { clientSecret: string }
    }

export function readWizard(form: FormData): WizardPost | null {
  try {
    return JSON.parse(String(form.get('wizard') ?? '')) as WizardPost
  } catch {
    return null
  }
}

/** Same rules as in the browser, for whatever reached the server. */
export function validateWizard(post: WizardPost, shippable: readonly string[]): FieldErrors {
  return { ...validateBilling(post.billing, post.guest), ...validateShipping(post.shipping, shippable) }
}

const splitMethod = (method: string) => {
  const [zoneId = '', methodId = ''] = method.split('|')
  return { zoneId, methodId }
}

/** Spec §8 preview: a 400 on address fields → PLEASE_CORRECT_ERRORS_ADDRESS; any other failure → PLEASE_CORRECT_MESSAGE_ERRORS. */
export async function previewOrder(
  session: ShopSession,
  cartId: string,
  post: WizardPost,
): Promise<CheckoutActionData> {
  const { address } = post.shipping
  try {
    const preview = await session.api.calculation({
      cartId,
      siteCode: session.site.code,
      currency: session.site.currency,
      addresses: [{ type: 'SHIP_TO', countryCode: address.country, zipCode: address.zipCode.trim() }],
      shipping: splitMethod(post.shipping.method),
    })
    return { intent: 'preview', preview }
  } catch (error) {
    if (!isApiError(error)) throw error
    const onAddress = error.status === 400 && error.body.details.some((d) => d.field?.includes('addresses'))
    return {
      intent: 'preview',
      message: onAddress ? 'PLEASE_CORRECT_ERRORS_ADDRESS' : 'PLEASE_CORRECT_MESSAGE_ERRORS',
      details: error.status >= 500 ? [] : error.body.details.map((d) => d.message),
      errors: {},
    }
  }
}

function orderAddress(a: AddressValues, type: OrderAddress['type']): OrderAddress {
  const optional = (v: string) => v.trim() || undefined
  return {
    type,
    contactName: a.contactName.trim(),
    companyName: optional(a.companyName),
    street: a.street.trim(),
    streetAppendix: optional(a.streetAppendix),
    city: a.city.trim(),
    state: optional(a.state),
    zipCode: a.zipCode.trim(),
    country: a.country,
    contactPhone: optional(a.contactPhone),
  }
}

export function orderRequest(
  session: ShopSession,
  cartId: string,
  post: WizardPost,
  customerId?: string,
): OrderRequest {
  return {
    cartId,
    payment: {
      paymentId: post.paymentId === 'stripe' ? 'stripe' : 'test-card',
      customAttributes: { token: post.token ?? '' },
      ...(post.paymentIntentId ? { paymentIntentId: post.paymentIntentId } : {}),
    },
    currency: session.site.currency,
    shipping: splitMethod(post.shipping.method),
    totalPrice: post.totalPrice ?? 0,
    addresses: [
      orderAddress(post.shipping.address, 'SHIPPING'),
      orderAddress(billingAddressOf(post.billing, post.shipping), 'BILLING'),
    ],
    customer: {
      id: customerId,
      firstName: post.billing.firstName.trim(),
      lastName: post.billing.lastName.trim(),
      email: post.billing.email.trim(),
    },
  }
}

/** The card number field's message for a charge failure (402); every other type is a decline. */
const CARD_FAILURES: Record<string, MessageKey> = {
  insufficient_funds: 'CARD_INSUFFICIENT_FUNDS',
  authentication_failed: 'CARD_AUTHENTICATION_FAILED',
}

/**
 * Spec §8 order errors: 500 → the system-unavailable text; any other status → "Order could not be processed."
 * with the status code and the detail messages. Card failures (402) also mark the card number field. A 402
 * payment_requires_action is no failure: it carries the client secret of the 3-D Secure challenge.
 */
export function orderFailure(error: unknown): CheckoutActionData {
  if (!isApiError(error)) throw error
  if (error.status >= 500)
    return {
      intent: 'order',
      message: 'ORDER_SYSTEM_UNAVAILABLE',
      details: [],
      errors: {},
      status: error.status,
    }
  const clientSecret = error.body.details.find((d) => d.field === 'payment')?.message
  if (error.status === 402 && error.body.type === 'payment_requires_action' && clientSecret) {
    // Not a failure yet: the browser runs the bank's challenge, then sends the order again (ADR 0021).
    return {
      intent: 'order',
      message: 'PROCESSING_ORDER',
      details: [],
      errors: {},
      status: 402,
      authentication: { clientSecret },
    }
  }
  const errors: FieldErrors = {}
  if (error.status === 402) errors.cardNumber = CARD_FAILURES[error.body.type] ?? 'CARD_DECLINED'
  const details = [`${error.status}: ${error.body.message}`, ...error.body.details.map((d) => d.message)]
  return { intent: 'order', message: 'ORDER_NOT_PROCESSED', details, errors, status: error.status }
}
