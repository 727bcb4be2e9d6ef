/**
 * `npm run bench [-- name[,name…]]`: runs the benchmarks in this folder (each a module exporting `run()`), against
 * the real shop started as its own process, on SQLite and (when it answers) PostgreSQL, then prints the
 * performance issue's table from the figures they recorded (bench/figures.ts).
 */
import { printFigures } from './figures.ts'

const wanted = process.argv[2]?.split(',').filter(Boolean)
const benches: Record<string, () => Promise<{ run(): Promise<void> }>> = {
  'api-products': () => import('./api-products.ts'),
  backoffice: () => import('./backoffice.ts'),
  cart: () => import('./cart.ts'),
  categories: () => import('./categories.ts'),
  catalogue: () => import('./catalogue.ts'),
  checkout: () => import('./checkout.ts'),
  import: () => import('./import.ts'),
  images: () => import('./images.ts'),
  grid: () => import('./grid.ts'),
  lighthouse: () => import('./lighthouse.ts'),
  orders: () => import('./orders.ts'),
  paging: () => import('./paging.ts'),
  soak: () => import('./soak.ts'),
  ssr: () => import('./ssr.ts'),
  start: () => import('./start.ts'),
}
/**
 * Run only when asked for by name: the soak takes more than ten minutes (the whole run without it about 25); the
 * back office's lists and the category tree generate 100,000 products (or orders) per engine again.
 */
const onRequest = new Set(['soak', 'backoffice', 'orders', 'categories'])
for (const [name, load] of Object.entries(benches)) {
  if (wanted ? !wanted.includes(name) : onRequest.has(name)) continue
  console.log(`\n## ${name}`)
  await (await load()).run()
}
printFigures()
