import { backofficeMediaApi } from '@shop/contracts/backoffice-media'
import type { Transport } from './transport.ts'

/** A product's images for the back office's loader (uploads and saves go from the browser: features/admin/media-upload.ts). */
export function backofficeMediaCalls({ call }: Transport) {
  return {
    productMedia: (productId: string) => call(backofficeMediaApi.productMedia, { params: { productId } }),
  }
}
