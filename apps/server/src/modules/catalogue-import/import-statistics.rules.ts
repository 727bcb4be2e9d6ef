/**
 * Whether an import has outgrown the planner's statistics of the catalogue (docs/decisions/0098): the products it
 * created since they were last refreshed are at least as many as the catalogue held then (it has at least doubled),
 * and at least `minimum` (a small shop is not analysed again for a handful of rows). Refreshing at each doubling
 * costs a few statements per import, however large.
 */
export function statisticsOutgrown(sizeAtRefresh: number, createdSince: number, minimum: number): boolean {
  return createdSince >= Math.max(sizeAtRefresh, minimum)
}
