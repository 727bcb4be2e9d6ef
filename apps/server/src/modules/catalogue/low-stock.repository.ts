import { sql } from 'kysely'
import type { Db } from '../../platform/db/database.ts'

/**
 * What is running out (docs/decisions/0069-dashboard.md): published products without variants and variants of
 * published products at or below `threshold` units, fewest first, with their name in `language`; one query.
 */
export async function findLowStock(db: Db, threshold: number, language: string, limit: number) {
  const result = await sql<{
    productId: string
    variantId: string | null
    code: string
    name: string | null
    stock: number
  }>`
    select * from (
      select p.id as "productId", null as "variantId", p.code as code, t.name as name, p.stock as stock
        from products p left join product_texts t on t.product_id = p.id and t.language = ${language}
       where p.published = 1 and p.has_variants = 0 and p.stock <= ${threshold}
      union all
      select p.id, v.id, v.code, t.name, v.stock
        from variants v join products p on p.id = v.product_id
        left join product_texts t on t.product_id = p.id and t.language = ${language}
       where p.published = 1 and v.stock <= ${threshold}
    ) low
    order by stock, code
    limit ${limit}`.execute(db)
  return result.rows
}
