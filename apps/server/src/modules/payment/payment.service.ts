import type { Db } from '../../platform/db/database.ts'
import type { ChargeRequest, ChargeResult, PaymentProvider } from './payment.provider.ts'
import { testCardProvider } from './test-card.provider.ts'

export type { ChargeResult } from './payment.provider.ts'
export { tokenizeTestCard } from './test-card.provider.ts'

/** The providers this shop can charge with, by the paymentId of an order request. */
const providers: Record<string, PaymentProvider> = { 'test-card': testCardProvider }

export function isPaymentAvailable(paymentId: string): boolean {
  return paymentId in providers
}

export function charge(paymentId: string, request: ChargeRequest, db: Db): Promise<ChargeResult> {
  const provider = providers[paymentId]
  if (!provider)
    return Promise.resolve({ ok: false, code: 'processing_error', message: 'Unknown payment provider' })
  return provider.charge(request, db)
}

export async function refund(paymentId: string, chargeId: string, db: Db): Promise<void> {
  await providers[paymentId]?.refund(chargeId, db)
}
