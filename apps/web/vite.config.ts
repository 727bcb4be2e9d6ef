import { reactRouter } from '@react-router/dev/vite'
import { defineConfig } from 'vite'

export default defineConfig({
  plugins: [reactRouter()],
  build: { assetsInlineLimit: 0 },
  // The server build imports the contracts the shop's server has loaded already: one module per schema in the
  // process, so zod's registry (and the OpenAPI document made from it) sees each named schema once.
  environments: { ssr: { build: { rollupOptions: { external: [/^@shop\/contracts\//] } } } },
})
