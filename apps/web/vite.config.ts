import { reactRouter } from '@react-router/dev/vite'
import { defineConfig } from 'vite'

export default defineConfig({
  plugins: [reactRouter()],
  // The manifest stays in the client build (build/client/.vite, not served): the server names the chunk of a
  // page's language's texts from it, for a modulepreload link (app/i18n/scripts.server.ts, docs/decisions/0071).
  build: { assetsInlineLimit: 0, manifest: true },
  // The server build imports the contracts the shop's server has loaded already: one module per schema in the
  // process, so zod's registry (and the OpenAPI document made from it) sees each named schema once.
  environments: { ssr: { build: { rollupOptions: { external: [/^@shop\/contracts\//] } } } },
})
