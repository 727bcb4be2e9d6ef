import type { Db } from '../../platform/db/database.ts'
import type { AuditRecord } from '../audit/audit.service.ts'
import { productIdsBySku, writeVariantRecords } from '../catalogue/staff-import-variants.service.ts'
import type { RowPlan } from './csv-plan.rules.ts'

/**
 * The variant rows of a chunk, after its products are written (docs/decisions/0063-variants-in-csv.md): each
 * variant's product found among the chunk's new products or in the shop, the catalogue's variant write, one
 * audit entry per variant. Answers the audit entries and the plans a checkout's stock change refused.
 */
export async function importVariantRows(
  db: Db,
  plans: readonly RowPlan[],
  productIds: ReadonlyMap<string, string>,
  source: string,
): Promise<{ audits: AuditRecord[]; refused: Set<RowPlan> }> {
  const rows = plans.filter((p) => p.variant && (p.action === 'create' || p.action === 'update'))
  if (rows.length === 0) return { audits: [], refused: new Set() }
  const missing = rows.flatMap((p) =>
    productIds.has(p.variant?.productSku ?? '') ? [] : [p.variant?.productSku ?? ''],
  )
  const found = new Map([...(await productIdsBySku(db, [...new Set(missing)])), ...productIds])
  const writes = rows.flatMap((plan) => {
    const variant = plan.variant
    const productId = variant && found.get(variant.productSku)
    if (!variant || !productId) return []
    return [
      {
        plan,
        write: {
          productId,
          id: plan.existingVariant?.id,
          code: variant.code,
          combination: variant.combination,
          texts: variant.texts,
          prices: variant.prices,
          stock: variant.stock,
          expectedStock: plan.existingVariant?.stock,
          isDefault: variant.isDefault,
        },
      },
    ]
  })
  const { written, refused: stockMoved } = await writeVariantRecords(
    db,
    writes.map((w) => w.write),
  )
  const refused = new Set(rows.filter((p) => !writes.some((w) => w.plan === p) || stockMoved.has(p.sku)))
  const audits: AuditRecord[] = writes
    .filter((w) => !refused.has(w.plan))
    .map(({ plan, write }) => ({
      entity: 'variant',
      entityId: written.get(write.code) ?? write.code,
      action: plan.action === 'create' ? 'create' : 'update',
      before: plan.existingVariant ?? null,
      after: { ...plan.variant, source },
    }))
  return { audits, refused }
}
