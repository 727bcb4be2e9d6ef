import type { Db, Engine } from '../apps/server/src/platform/db/database.ts'
import { openDatabase } from '../apps/server/src/platform/db/database.ts'
import { startShop } from '../e2e/support/shop.ts'
import { generateCatalogue } from './generate-catalogue.ts'

/**
 * A fresh shop database of the engine filled to `size` products (generate-catalogue.ts), read in-process through
 * a connection opened after the import (SQLite reads its planner statistics when a connection opens); the shop
 * that made it still answers at `shopUrl` (for a baseline such as /api/health in the same run).
 */
export async function withGeneratedCatalogue(
  engine: Engine,
  size: number,
  measure: (db: Db, shopUrl: string) => Promise<void>,
): Promise<void> {
  const shop = await startShop(engine)
  try {
    const { seconds } = await generateCatalogue(shop.databaseUrl, size)
    console.log(`${engine}: ${size} products generated in ${seconds.toFixed(1)} s`)
    const handle = openDatabase(shop.databaseUrl)
    try {
      await measure(handle.db, shop.url)
    } finally {
      await handle.close()
    }
  } finally {
    await shop.stop()
  }
}

/** Median wall time in ms of `runs` sequential calls, after `warmUp` unmeasured ones. */
export async function medianMs(fn: () => Promise<unknown>, runs: number, warmUp = 5): Promise<number> {
  for (let i = 0; i < warmUp; i++) await fn()
  const times: number[] = []
  for (let i = 0; i < runs; i++) {
    const start = performance.now()
    await fn()
    times.push(performance.now() - start)
  }
  times.sort((a, b) => a - b)
  return times[Math.floor(times.length / 2)] ?? 0
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0

/** p50 and p95 wall time in ms of `runs` sequential calls, after `warmUp` unmeasured ones. */
export async function timingsMs(
  fn: () => Promise<unknown>,
  runs: number,
  warmUp = 5,
): Promise<{ p50: number; p95: number }> {
  for (let i = 0; i < warmUp; i++) await fn()
  const times: number[] = []
  for (let i = 0; i < runs; i++) {
    const start = performance.now()
    await fn()
    times.push(performance.now() - start)
  }
  times.sort((a, b) => a - b)
  return { p50: percentile(times, 0.5), p95: percentile(times, 0.95) }
}
