import { VALIDATE_ATTRIBUTE } from './route.ts'
import { type ApiClientOptions, createTransport, type Transport } from './transport.ts'

/**
 * A transport for calls made in the browser: same origin, answers checked when the page asks for it. Browser
 * code builds only the areas it calls (`searchCalls(browserTransport())`), so a page loads the contracts of
 * those calls and not of the whole API.
 */
export function browserTransport(options: Partial<ApiClientOptions> = {}): Transport {
  return createTransport({
    ...options,
    fetch: options.fetch ?? window.fetch.bind(window),
    baseUrl: options.baseUrl ?? '',
    // Outside a page (unit tests in Node) the transport's default holds: checked.
    validate:
      options.validate ??
      (typeof document === 'undefined'
        ? undefined
        : document.documentElement.hasAttribute(VALIDATE_ATTRIBUTE)),
  })
}
