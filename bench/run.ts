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
  soak: () => import('./soak.ts'),
}
/** Run only when asked for by name: the soak takes more than ten minutes. */
const onRequest = new Set(['soak'])
for (const [name, load] of Object.entries(benches)) {
  if (wanted ? wanted !== name : onRequest.has(name)) continue
  console.log(`\n## ${name}`)
  await (await load()).run()
}
