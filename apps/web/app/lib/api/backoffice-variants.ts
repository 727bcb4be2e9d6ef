import type { StaffStock } from '@shop/contracts/backoffice'
import {
  backofficeVariantsApi as api,
  type StaffCommerce,
  type StaffGridQuery,
  type StaffGridSave,
  type StaffOptionsInput,
  type StaffVariantInput,
} from '@shop/contracts/backoffice-variants'
import type { Transport } from './transport.ts'

/** Options, variants, commerce terms and the price/stock grid (server-side only, from the /admin loaders and actions). */
export function backofficeVariantsCalls({ call }: Transport) {
  return {
    staffVariants: (productId: string) => call(api.variants, { params: { productId } }),
    setOptions: (productId: string, body: StaffOptionsInput) =>
      call(api.setOptions, { params: { productId }, body }),
    updateVariant: (productId: string, variantId: string, body: StaffVariantInput) =>
      call(api.updateVariant, { params: { productId, variantId }, body }),
    variantStock: (productId: string, variantId: string, body: StaffStock) =>
      call(api.variantStock, { params: { productId, variantId }, body }),
    staffCommerce: (productId: string) => call(api.commerce, { params: { productId } }),
    updateCommerce: (productId: string, body: StaffCommerce) =>
      call(api.updateCommerce, { params: { productId }, body }),
    priceGrid: (query: Partial<StaffGridQuery>) => call(api.grid, { query: query as StaffGridQuery }),
    savePriceGrid: (body: StaffGridSave) => call(api.saveGrid, { body }),
  }
}
