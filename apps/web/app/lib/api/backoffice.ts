import {
  backofficeApi,
  type StaffProductCreate,
  type StaffProductInput,
  type StaffProductListQuery,
  type StaffStock,
} from '@shop/contracts/backoffice'
import { staffApi } from '@shop/contracts/staff'
import type { Transport } from './transport.ts'

/** The back office's calls (server-side only: the /admin pages load and post through their loaders and actions). */
export function backofficeCalls({ call }: Transport) {
  return {
    staffMe: () => call(staffApi.me),
    staffProducts: (query: Partial<StaffProductListQuery>) =>
      call(backofficeApi.products, { query: query as StaffProductListQuery }),
    staffProduct: (productId: string) => call(backofficeApi.product, { params: { productId } }),
    createProduct: (body: StaffProductCreate) => call(backofficeApi.createProduct, { body }),
    updateProduct: (productId: string, body: StaffProductInput) =>
      call(backofficeApi.updateProduct, { params: { productId }, body }),
    updateStock: (productId: string, body: StaffStock) =>
      call(backofficeApi.updateStock, { params: { productId }, body }),
    deleteProduct: (productId: string) => call(backofficeApi.deleteProduct, { params: { productId } }),
  }
}
