import type { Principal } from '../../platform/auth/tokens.ts'
import type { NewOrder } from '../order/order.service.ts'

/** Everything of the order but its id and payment: priced by the checkout, kept while an authentication runs. */
export type OrderDraft = Omit<NewOrder, 'id' | 'payment'> & {
  /** The order request's Accept-Language: the confirmation mail of an order the sweep writes speaks it. */
  language?: string
}

/** The caller of a checkout, as a draft keeps it (the re-submission after 3-D Secure must be the same). */
export const sameCaller = (draft: OrderDraft, principal: Principal) =>
  draft.principal.sessionId === principal.sessionId && draft.principal.customerId === principal.customerId
