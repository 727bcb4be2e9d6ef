import { useEffect, useRef, useState } from 'react'
import { useFetcher } from 'react-router'
import { type TokenResult, tokenizeCard, tokenizeStripeCard } from './card.ts'
import type { CardValues, FieldErrors } from './fields.ts'
import type { CheckoutActionData, WizardPost } from './place-order.server.ts'
import type { StripeCardElement as CardElement } from './stripe-js.ts'
import { usePaymentProvider } from './use-payment-provider.ts'
import type { Flags } from './wizard.ts'

const newKey = () => (typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : '')

export type OrderFailure = Extract<CheckoutActionData, { intent: 'order' }>

/**
 * The wizard's payment: the card provider (the test card inputs or Stripe's Card Element), tokenizing, the
 * order post with its Idempotency-Key and submit lock, and 3-D Secure (ADR 0021). `onCardFailure` hears of
 * an order refused for the card.
 */
export function usePayment({
  language,
  flags,
  onCardFailure,
}: {
  language: string
  flags: Flags
  onCardFailure: (errors: FieldErrors) => void
}) {
  // With Stripe on, the card lives in Stripe.js's Card Element; the summary shows what Stripe tells of it.
  const provider = usePaymentProvider(language)
  const cardElement = useRef<CardElement | null>(null)
  const [tokenizing, setTokenizing] = useState(false)
  const idempotencyKey = useRef('')
  const submitLock = useRef(false)
  // The order as last posted: after 3-D Secure the same body goes again with the authenticated intent.
  const postedOrder = useRef<WizardPost | null>(null)
  const [authenticating, setAuthenticating] = useState<string | null>(null)
  const order = useFetcher<CheckoutActionData>({ key: 'checkout-order' })
  const failureHandler = useRef(onCardFailure)
  failureHandler.current = onCardFailure

  // Each wizard state gets its own idempotency key: a changed step makes a new attempt.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key follows the flags on purpose
  useEffect(() => {
    idempotencyKey.current = newKey()
  }, [flags])

  /** The card as a token of the active provider; Stripe's element exists only while the payment step is open. */
  function providerToken(card: CardValues): Promise<TokenResult> {
    if (provider.id === 'test-card') return tokenizeCard(card)
    if (provider.id === 'stripe' && cardElement.current)
      return tokenizeStripeCard(provider.stripe, cardElement.current)
    const message = provider.id === 'stripe' ? 'CARD_ENTER_AGAIN' : 'CARD_FORM_UNAVAILABLE'
    return Promise.resolve({ errors: {}, message })
  }

  async function tokenize(card: CardValues): Promise<TokenResult> {
    setTokenizing(true)
    const result = await providerToken(card)
    setTokenizing(false)
    return result
  }

  /** Posts the order once at a time (the lock opens again when it fails); false when one is under way. */
  function lock(): boolean {
    if (submitLock.current) return false
    submitLock.current = true
    return true
  }
  function unlock() {
    submitLock.current = false
  }
  function submitOrder(post: Omit<WizardPost, 'idempotencyKey'>) {
    const posted: WizardPost = { ...post, idempotencyKey: idempotencyKey.current }
    postedOrder.current = posted
    order.submit({ intent: 'order', wizard: JSON.stringify(posted) }, { method: 'post' })
  }

  // 3-D Secure (ADR 0021): the bank's challenge runs in Stripe.js while the processing dialog stays, then the
  // same order goes again, same Idempotency-Key, with the intent; the server decides from the intent.
  const answered = order.state === 'idle' && order.data && 'status' in order.data ? order.data : null
  const clientSecret = answered?.authentication?.clientSecret ?? null
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per challenge
  useEffect(() => {
    const posted = postedOrder.current
    if (!clientSecret || !posted) return
    setAuthenticating(clientSecret)
    const challenge =
      provider.id === 'stripe'
        ? provider.stripe.handleNextAction({ clientSecret })
        : Promise.resolve({ paymentIntent: undefined, error: undefined })
    void challenge
      .catch(() => ({ paymentIntent: undefined, error: undefined }))
      .then((outcome) => {
        const paymentIntentId =
          outcome.paymentIntent?.id ?? outcome.error?.payment_intent?.id ?? clientSecret.split('_secret_')[0]
        order.submit(
          { intent: 'order', wizard: JSON.stringify({ ...posted, paymentIntentId }) },
          { method: 'post' },
        )
      })
      .finally(() => setAuthenticating(null))
  }, [clientSecret])

  // The order answered with a failure: the dialog closes, the §8 message shows; card errors reopen payment.
  const orderFailure: OrderFailure | null = answered && !answered.authentication ? answered : null
  useEffect(() => {
    if (!orderFailure) return
    submitLock.current = false
    idempotencyKey.current = newKey()
    if (orderFailure.errors.cardNumber) failureHandler.current(orderFailure.errors)
  }, [orderFailure])

  return {
    provider,
    /** Stripe's Card Element while the payment step shows it. */
    setCardElement: (element: CardElement | null) => {
      cardElement.current = element
    },
    /** Focuses Stripe's Card Element; false when there is none. */
    focusCardElement: () => {
      if (!cardElement.current) return false
      cardElement.current.focus()
      return true
    },
    tokenize,
    lock,
    unlock,
    submitOrder,
    orderFailure,
    submitting: tokenizing || Boolean(authenticating || clientSecret) || order.state !== 'idle',
  }
}
