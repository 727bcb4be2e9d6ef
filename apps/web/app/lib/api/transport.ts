import type { TOTAL_COUNT_HEADER } from '@shop/contracts/common'
import type { AnswerOf, Endpoint, RequestOf } from '@shop/contracts/endpoint'
import type { ApiError } from '@shop/contracts/errors'
import { pathOf } from '@shop/contracts/path'
import { ApiRequestError } from './errors.ts'
import type { Route } from './route.ts'

export { ApiRequestError, isApiError } from './errors.ts'

/** common.ts's header, not imported: that module defines schemas, and browser code is to load no zod. */
const TOTAL_COUNT: typeof TOTAL_COUNT_HEADER = 'x-total-count'

/** An answer that its call's contract does not describe: a bug of the server or of the contract. */
export class ContractMismatchError extends Error {
  constructor(endpoint: Endpoint, status: number, problem: string) {
    super(`${endpoint.method} ${endpoint.path} answered ${status}, ${problem}`)
    this.name = 'ContractMismatchError'
  }
}

export interface ApiClientOptions {
  fetch: typeof globalThis.fetch
  /** Origin the API paths are resolved against; '' in the browser. */
  baseUrl: string
  getToken?: () => string | undefined
  language?: string
  siteCode?: string
  currency?: string
  /**
   * Check every answer against its call's contract and throw ContractMismatchError when it does not match.
   * On unless the shop runs in production (server: `config.production`; browser: the page says so).
   */
  validate?: boolean
}

export interface Page<T> {
  items: T[]
  total: number
}

/** The rest of `call(endpoint, …)`: the request's parts, required when the endpoint's schemas require them. */
export type CallArgs<E extends Endpoint> =
  object extends RequestOf<E> ? [input?: RequestOf<E>] : [input: RequestOf<E>]

type Item<E extends Endpoint> = AnswerOf<E> extends Array<infer T> ? T : never

function toQuery(query: unknown): string {
  if (!query || typeof query !== 'object') return ''
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value))
  const text = params.toString()
  return text ? `?${text}` : ''
}

function toApiError(status: number, raw: unknown): ApiError {
  if (raw && typeof raw === 'object' && 'type' in raw && 'message' in raw) {
    const body = raw as Partial<ApiError>
    return { status, type: String(body.type), message: String(body.message), details: body.details ?? [] }
  }
  if (raw && typeof raw === 'object' && 'error' in raw) {
    const error = (raw as { error: { code?: string; message?: string; param?: string } }).error
    return {
      status,
      type: error.code ?? 'card_error',
      message: error.message ?? 'Card error',
      details: error.param
        ? [{ field: error.param, type: error.code ?? 'card_error', message: error.message ?? '' }]
        : [],
    }
  }
  return {
    status,
    type: status >= 500 ? 'internal_error' : 'unknown',
    message: `Request failed (${status})`,
    details: [],
  }
}

/** Throws when a listed answer's body does not match its schema; a success the contract does not list too. */
function check(endpoint: Endpoint, response: Response, body: unknown): void {
  const answer = endpoint.responses[response.status]
  if (!answer) {
    if (response.ok)
      throw new ContractMismatchError(endpoint, response.status, 'which its contract does not list')
    return // an error the contract does not list (a proxy, a framework limit): the caller handles its status
  }
  const mediaType = response.headers.get('content-type')?.split(';')[0]?.trim() ?? ''
  const schema = '_zod' in answer ? answer : answer.content[mediaType]
  if (!schema)
    throw new ContractMismatchError(endpoint, response.status, `as ${mediaType}, not in its contract`)
  const result = schema.safeParse(body)
  if (result.success) return
  const issues = result.error.issues
    .slice(0, 5)
    .map((issue) => `${issue.path.join('.') || '(body)'}: ${issue.message}`)
  throw new ContractMismatchError(
    endpoint,
    response.status,
    `not matching its contract: ${issues.join('; ')}`,
  )
}

/**
 * What every area of the client builds on: a call of the API made from its contract (packages/contracts), with
 * the shop's headers; failures as ApiRequestError, answers checked against the contract when `validate` is on.
 */
export function createTransport(options: ApiClientOptions) {
  const validate = options.validate ?? true

  async function send<E extends Endpoint>(endpoint: E | Route<E>, input: RequestOf<E> | undefined) {
    const headers = new Headers({ ...(input?.headers as object | undefined), accept: 'application/json' })
    const token = options.getToken?.()
    if (token) headers.set('authorization', `Bearer ${token}`)
    if (options.language)
      headers.set('accept-language', options.language === 'en' ? 'en' : `${options.language};q=1,en;q=0.5`)
    if (options.siteCode) headers.set('site-code', options.siteCode)
    if (options.currency) headers.set('currency', options.currency)
    if (input?.body !== undefined) headers.set('content-type', 'application/json')
    const path = pathOf(endpoint, input?.params as Record<string, unknown> | undefined)
    const response = await options.fetch(`${options.baseUrl}${path}${toQuery(input?.query)}`, {
      method: endpoint.method,
      headers,
      body: input?.body === undefined ? undefined : JSON.stringify(input.body),
    })
    const text = await response.text()
    const json =
      !response.headers.get('content-type') || response.headers.get('content-type')?.includes('json')
    const raw: unknown = !text ? null : json ? JSON.parse(text) : text
    if (validate) check('contract' in endpoint ? await endpoint.contract() : endpoint, response, raw)
    if (!response.ok) throw new ApiRequestError(response.status, toApiError(response.status, raw), raw)
    return { data: raw as AnswerOf<E>, headers: response.headers }
  }

  /**
   * One call: the URL from the endpoint's path and params, its answer typed from the success response. A Route
   * (browser code) is checked against its contract once that is loaded, and only when `validate` is on.
   */
  async function call<E extends Endpoint>(
    endpoint: E | Route<E>,
    ...[input]: CallArgs<E>
  ): Promise<AnswerOf<E>> {
    return (await send(endpoint, input)).data
  }

  /** A paged list: its items and the total of the x-total-count header. */
  async function page<E extends Endpoint & { paged: true }>(
    endpoint: E,
    ...[input]: CallArgs<E>
  ): Promise<Page<Item<E>>> {
    const { data, headers } = await send(endpoint, input)
    const items = (data ?? []) as Item<E>[]
    return { items, total: Number(headers.get(TOTAL_COUNT) ?? items.length) }
  }

  return { call, page }
}

export type Transport = ReturnType<typeof createTransport>
