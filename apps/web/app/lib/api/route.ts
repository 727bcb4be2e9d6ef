import type { Endpoint } from '@shop/contracts/endpoint'

/**
 * The attribute of the page's <html> that asks the browser to check API answers against their contracts; the
 * root route sets it unless the shop runs in production (the server's `config.production`).
 */
export const VALIDATE_ATTRIBUTE = 'data-validate-api'

/**
 * A call as browser code makes it: method and path (packages/contracts/src/routes.ts, no zod), with the contract
 * itself (its schemas) loaded only when an answer is to be checked (docs/decisions/0071-first-load-javascript.md).
 * The method and path must be the contract's: they are typed as its literals.
 */
export interface Route<E extends Endpoint = Endpoint> {
  readonly method: E['method']
  readonly path: E['path']
  readonly contract: () => Promise<E>
}

/**
 * `route(() => import('@shop/contracts/search').then((m) => m.searchApi.products), SEARCH_PRODUCTS)`;
 * free of side effects, so a module that only declares routes drops out of a bundle that calls none of them.
 */
/* @__NO_SIDE_EFFECTS__ */
export function route<E extends Endpoint>(
  contract: () => Promise<E>,
  call: { readonly method: E['method']; readonly path: E['path'] },
): Route<E> {
  return { method: call.method, path: call.path, contract }
}
