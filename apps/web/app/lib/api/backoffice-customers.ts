import { backofficeCustomersApi as api, type StaffCustomerQuery } from '@shop/contracts/backoffice-customers'
import type { Transport } from './transport.ts'

/** The staff's customer calls (server-side only, /admin/customers). */
export function backofficeCustomerCalls({ call, page }: Transport) {
  return {
    staffCustomers: (query: Partial<StaffCustomerQuery>) =>
      page(api.customers, { query: query as StaffCustomerQuery }),
    staffCustomer: (customerId: string) => call(api.customer, { params: { customerId } }),
    blockCustomer: (customerId: string, blocked: boolean) =>
      call(api.blockCustomer, { params: { customerId }, body: { blocked } }),
    sendCustomerPasswordReset: (customerId: string) =>
      call(api.sendPasswordReset, { params: { customerId } }),
    eraseCustomer: (customerId: string) => call(api.eraseCustomer, { params: { customerId } }),
  }
}
