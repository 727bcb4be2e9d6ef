import type { CustomerAddress, CustomerAddressInput } from '@shop/contracts/address'
import type { Customer, CustomerUpdate } from '@shop/contracts/customer'
import type { Order } from '@shop/contracts/order'
import { id, type Page, type Transport } from './transport.ts'

const TOTAL = 'x-total-count'

/** The signed-in customer: details, e-mail change, deletion, address book and orders (spec §7). */
export function accountCalls({ json, send }: Transport) {
  async function page<T>(path: string, pageSize: number): Promise<Page<T>> {
    const { data, headers } = await send('GET', path, { query: { pageSize } })
    const items = (data ?? []) as T[]
    return { items, total: Number(headers.get(TOTAL) ?? items.length) }
  }
  const address = (addressId: string) => `/api/customer/me/addresses/${id(addressId)}`
  return {
    me: () => json<Customer>('GET', '/api/customer/me'),
    updateMe: (body: CustomerUpdate) => json<Customer>('PUT', '/api/customer/me', { body }),
    requestDeletion: () => json<{ sent: true }>('POST', '/api/customer/me/deletion'),
    deleteMe: (token: string) => json<null>('DELETE', '/api/customer/me', { query: { token } }),
    requestEmailChange: (email: string, password: string) =>
      json<unknown>('POST', '/api/customer/me/accounts/internal/email/change', { body: { email, password } }),
    confirmEmailChange: (token: string) =>
      json<Customer>('POST', '/api/customer/me/accounts/internal/email/change/confirm', { body: { token } }),
    addresses: (pageSize: number) => page<CustomerAddress>('/api/customer/me/addresses', pageSize),
    addAddress: (body: CustomerAddressInput) =>
      json<CustomerAddress>('POST', '/api/customer/me/addresses', { body }),
    updateAddress: (addressId: string, body: CustomerAddressInput) =>
      json<CustomerAddress>('PUT', address(addressId), { body }),
    removeAddress: (addressId: string) => json<null>('DELETE', address(addressId)),
    orders: (pageSize: number) => page<Order>('/api/order/orders', pageSize),
    order: (orderId: string) => json<Order>('GET', `/api/order/orders/${id(orderId)}`),
    cancelOrder: (orderId: string) =>
      json<Order>('POST', `/api/order/orders/${id(orderId)}/transitions`, { body: { status: 'DECLINED' } }),
  }
}
