import { addressApi, type CustomerAddressInput } from '@shop/contracts/address'
import { type CustomerUpdate, customerApi } from '@shop/contracts/customer'
import { orderApi } from '@shop/contracts/order'
import type { Transport } from './transport.ts'

/** The signed-in customer: details, e-mail change, deletion, address book and orders (spec §7). */
export function accountCalls({ call, page }: Transport) {
  return {
    me: () => call(customerApi.me),
    updateMe: (body: CustomerUpdate) => call(customerApi.updateMe, { body }),
    requestDeletion: () => call(customerApi.requestDeletion),
    deleteMe: (token: string) => call(customerApi.deleteMe, { query: { token } }),
    requestEmailChange: (email: string, password: string) =>
      call(customerApi.requestEmailChange, { body: { email, password } }),
    confirmEmailChange: (token: string) => call(customerApi.confirmEmailChange, { body: { token } }),
    addresses: (pageSize: number) => page(addressApi.addresses, { query: { pageSize } }),
    addAddress: (body: CustomerAddressInput) => call(addressApi.addAddress, { body }),
    updateAddress: (addressId: string, body: CustomerAddressInput) =>
      call(addressApi.updateAddress, { params: { addressId }, body }),
    removeAddress: (addressId: string) => call(addressApi.removeAddress, { params: { addressId } }),
    orders: (pageSize: number) => page(orderApi.orders, { query: { pageSize } }),
    order: (orderId: string) => call(orderApi.order, { params: { orderId } }),
    cancelOrder: (orderId: string) =>
      call(orderApi.cancelOrder, { params: { orderId }, body: { status: 'DECLINED' } }),
  }
}
