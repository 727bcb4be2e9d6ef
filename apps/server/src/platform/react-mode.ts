/**
 * React's production build on the server, whatever NODE_ENV says (docs/decisions/0058-react-production-build.md).
 * React picks its build from process.env.NODE_ENV the first time it is loaded; the shop always serves a
 * production build of the storefront, and React's development build renders it several times slower and
 * only adds warnings meant for whoever edits the storefront (`npm run dev` keeps them). NODE_ENV keeps its
 * meaning for the shop's own settings (the strict production checks): its value as started is `startedNodeEnv`.
 * Imported first by the entry points that serve pages, before anything loads React.
 */
export const startedNodeEnv = process.env.NODE_ENV
process.env.NODE_ENV = 'production'
