import { VersionReader } from '../../platform/cache/versions.ts'
import type { Db } from '../../platform/db/database.ts'
import { countProductsPerCategory } from './staff-category.repository.ts'

interface Kept {
  versions: VersionReader
  version: number
  counts: Promise<Map<string, number>> | undefined
}

const kept = new WeakMap<Db, Kept>()

/**
 * Every category's own product count, counted again only when the catalogue's cache version moved
 * (docs/decisions/0049-staff-categories.md): every write of assignments, products or categories bumps it in its
 * transaction. Counting reads every assignment (100,000 products: 10 ms on SQLite, more on PostgreSQL), and the
 * tree is read on every category page of the back office. The version is read first, so counts filed under
 * it are never older than it; callers that come while a count runs share it.
 */
export async function categoryProductCounts(db: Db): Promise<Map<string, number>> {
  let entry = kept.get(db)
  if (!entry) {
    entry = { versions: new VersionReader(db, 'catalogue'), version: -1, counts: undefined }
    kept.set(db, entry)
  }
  const version = await entry.versions.read()
  if (entry.counts && entry.version === version) return entry.counts
  const counts = countProductsPerCategory(db)
  entry.version = version
  entry.counts = counts
  counts.catch(() => {
    if (entry.counts === counts) entry.counts = undefined
  })
  return counts
}
