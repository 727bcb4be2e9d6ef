/**
 * `npm run bench [-- name]`: runs the benchmarks in this folder (each a module exporting `run()`), against
 * the real shop started as its own process, on SQLite and (when it answers) PostgreSQL.
 */
const wanted = process.argv[2]
const benches: Record<string, () => Promise<{ run(): Promise<void> }>> = {
  'api-products': () => import('./api-products.ts'),
  cart: () => import('./cart.ts'),
  catalogue: () => import('./catalogue.ts'),
  checkout: () => import('./checkout.ts'),
  lighthouse: () => import('./lighthouse.ts'),
  paging: () => import('./paging.ts'),
  soak: () => import('./soak.ts'),
  ssr: () => import('./ssr.ts'),
  start: () => import('./start.ts'),
}
/**
 * Run only when asked for by name: the soak takes more than ten minutes, Lighthouse minutes, and the start
 * times `npm start` itself (which builds the storefront when its sources changed).
 */
const onRequest = new Set(['lighthouse', 'soak', 'start'])
for (const [name, load] of Object.entries(benches)) {
  if (wanted ? wanted !== name : onRequest.has(name)) continue
  console.log(`\n## ${name}`)
  await (await load()).run()
}
