import { backofficeImportApi, type ImportQuery } from '@shop/contracts/backoffice-import'
import type { Transport } from './transport.ts'

/** The back office's CSV export and import (server-side only: the /admin pages call them in loaders and actions). */
export function backofficeImportCalls({ call }: Transport) {
  return {
    exportCatalogue: () => call(backofficeImportApi.exportCatalogue),
    uploadImport: (csv: string, query: Partial<ImportQuery> = {}) =>
      call(backofficeImportApi.uploadImport, { body: { csv }, query: query as ImportQuery }),
    importJob: (importId: string, query: Partial<ImportQuery> = {}) =>
      call(backofficeImportApi.importJob, { params: { importId }, query: query as ImportQuery }),
    startImport: (importId: string, validOnly: boolean) =>
      call(backofficeImportApi.startImport, { params: { importId }, body: { validOnly } }),
    cancelImport: (importId: string) => call(backofficeImportApi.cancelImport, { params: { importId } }),
  }
}
