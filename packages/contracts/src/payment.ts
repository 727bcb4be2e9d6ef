import { z } from 'zod'
import { endpoint, errors } from './endpoint.ts'

/** Card data as the built-in test card provider takes it (the shape of a real provider's tokenizer). */
export const CardTokenRequestSchema = z.object({
  number: z.string().max(30),
  exp_month: z.coerce.number().int(),
  exp_year: z.coerce.number().int(),
  cvc: z.string().max(6),
})

export const CardTokenSchema = z.object({
  id: z.string(),
  object: z.literal('token'),
  card: z.object({ brand: z.string(), last4: z.string(), exp_month: z.number(), exp_year: z.number() }),
})

/** A provider-style card error: type card_error with the field it concerns. */
export const CardErrorSchema = z.object({
  error: z.object({
    type: z.literal('card_error'),
    code: z.enum([
      'incorrect_number',
      'invalid_number',
      'invalid_expiry_month',
      'invalid_expiry_year',
      'invalid_cvc',
      'card_declined',
      'insufficient_funds',
      'processing_error',
    ]),
    param: z.enum(['number', 'exp_month', 'exp_year', 'cvc']).optional(),
    message: z.string(),
  }),
})

export type CardTokenRequest = z.infer<typeof CardTokenRequestSchema>
export type CardToken = z.infer<typeof CardTokenSchema>
export type CardError = z.infer<typeof CardErrorSchema>

/**
 * The card provider the storefront tokenizes with (GET /api/payments/provider): the built-in test card provider
 * and its token endpoint, or Stripe with its publishable key, API origin and the Stripe.js script to load.
 */
export const PaymentProviderInfoSchema = z
  .discriminatedUnion('id', [
    z.object({ id: z.literal('test-card'), tokenUrl: z.string() }),
    z.object({
      id: z.literal('stripe'),
      publishableKey: z.string(),
      apiBase: z.string(),
      /** Stripe.js (https://js.stripe.com/v3): the payment step loads it and mounts its Card Element. */
      jsUrl: z.string(),
    }),
  ])
  .meta({ id: 'PaymentProviderInfo' })

export type PaymentProviderInfo = z.infer<typeof PaymentProviderInfoSchema>

export const paymentApi = {
  /** Which provider the storefront tokenizes cards with, and its public data (never a secret key). */
  provider: endpoint({
    method: 'GET',
    path: '/api/payments/provider',
    tags: ['payment'],
    responses: { 200: PaymentProviderInfoSchema },
  }),
  /**
   * The built-in test card provider's tokenizer (404 while Stripe is active; the provider's `tokenUrl`). A
   * refused card is a 402 in the provider's own error shape.
   */
  createCardToken: endpoint({
    method: 'POST',
    path: '/api/payments/test-card/tokens',
    tags: ['payment'],
    body: CardTokenRequestSchema,
    responses: { 201: CardTokenSchema, 402: CardErrorSchema, ...errors(400, 404) },
  }),
}
