import type { CustomerAddress } from '@shop/contracts/address'
import type { Order } from '@shop/contracts/order'

/** The account page's address book and order list (null: the list could not be loaded). */
export interface AccountLists {
  addresses: { items: CustomerAddress[]; total: number } | null
  orders: { items: Order[]; total: number } | null
}
