import { reactRouter } from '@react-router/dev/vite'
import { defineConfig } from 'vite'

/** The modules every page runs: those the browser entry or the root route import, directly or through others. */
const ALWAYS_LOADED = /[\\/]app[\\/](root|entry\.client)\.tsx(\?|$)/

type ModuleGraph = { getModuleInfo(id: string): { importers: readonly string[] } | null }

/**
 * The browser build puts every module the entry and the root route import statically into one chunk, `shop`
 * (docs/decisions/0074). Left to itself the bundler makes one chunk per set of routes sharing a module: about
 * 20 files of 0.5–2 KB that every page loads anyway, each a request that queues on a phone's connection. A page
 * loads no byte more: whatever the root imports runs on every page before any route's module. A module reached
 * only through an import that tree-shaking empties counts too, so the root imports from modules, not barrels
 * (`lib/api/errors.ts`, not `lib/api.ts`, which would pull in every API call and zod).
 */
function alwaysLoadedChunk(): (id: string, graph: ModuleGraph) => string | null {
  const known = new Map<string, boolean>()
  const reachedFromRoot = (id: string, graph: ModuleGraph): boolean => {
    const cached = known.get(id)
    if (cached !== undefined) return cached
    known.set(id, false) // an import cycle does not reach the root through itself
    const importers = graph.getModuleInfo(id)?.importers ?? []
    const reached = importers.some(
      (importer) => ALWAYS_LOADED.test(importer) || reachedFromRoot(importer, graph),
    )
    known.set(id, reached)
    return reached
  }
  return (id, graph) => (!ALWAYS_LOADED.test(id) && reachedFromRoot(id, graph) ? 'shop' : null)
}

export default defineConfig({
  plugins: [reactRouter()],
  // The manifest stays in the client build (build/client/.vite, not served): the server names the chunk of a
  // page's language's texts from it, for a modulepreload link (app/i18n/scripts.server.ts, docs/decisions/0071).
  build: { assetsInlineLimit: 0, manifest: true },
  environments: {
    client: {
      build: { rolldownOptions: { output: { codeSplitting: { groups: [{ name: alwaysLoadedChunk() }] } } } },
    },
    // The server build imports the contracts the shop's server has loaded already: one module per schema in the
    // process, so zod's registry (and the OpenAPI document made from it) sees each named schema once.
    ssr: { build: { rollupOptions: { external: [/^@shop\/contracts\//] } } },
  },
})
