import { auditApi } from '@shop/contracts/audit'
import { type ShopWindowInput, windowApi } from '@shop/contracts/backoffice-window'
import type { Transport } from './transport.ts'

/** The owner's back-office calls of the activity log and the shop window (server-side only, /admin pages). */
export function windowCalls({ call, page }: Transport) {
  return {
    auditLog: (query: { entity?: string; entityId?: string; page: number; pageSize: number }) =>
      page(auditApi.ownerAudit, { query }),
    shopWindow: (code: string) => call(windowApi.shopWindow, { params: { code } }),
    replaceShopWindow: (code: string, body: ShopWindowInput) =>
      call(windowApi.replaceShopWindow, { params: { code }, body }),
  }
}
