import type { ApiError } from '@shop/contracts/errors'

/** Any failing API call: the HTTP status plus the API's one error shape (spec §8 maps on `type`). */
export class ApiRequestError extends Error {
  readonly status: number
  readonly body: ApiError
  /** The raw body for provider-style errors (e.g. the card tokenizer's `{ error: { type: 'card_error' } }`). */
  readonly raw: unknown
  constructor(status: number, body: ApiError, raw: unknown) {
    super(body.message)
    this.status = status
    this.body = body
    this.raw = raw
  }
}

export interface ApiClientOptions {
  fetch: typeof globalThis.fetch
  /** Origin the `/api/...` paths are resolved against; '' in the browser. */
  baseUrl: string
  getToken?: () => string | undefined
  language?: string
  siteCode?: string
  currency?: string
}

export interface Page<T> {
  items: T[]
  total: number
}

export type Query = Record<string, string | number | boolean | undefined>

function toQuery(query: Query | undefined): string {
  if (!query) return ''
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

/** What every area of the client builds on: one request with the shop's headers, errors as ApiRequestError. */
export function createTransport(options: ApiClientOptions) {
  async function send(
    method: string,
    path: string,
    init: { query?: Query; body?: unknown; headers?: Record<string, string> } = {},
  ) {
    const headers = new Headers({ ...init.headers, accept: 'application/json' })
    const token = options.getToken?.()
    if (token) headers.set('authorization', `Bearer ${token}`)
    if (options.language)
      headers.set('accept-language', options.language === 'en' ? 'en' : `${options.language};q=1,en;q=0.5`)
    if (options.siteCode) headers.set('site-code', options.siteCode)
    if (options.currency) headers.set('currency', options.currency)
    if (init.body !== undefined) headers.set('content-type', 'application/json')
    const response = await options.fetch(`${options.baseUrl}${path}${toQuery(init.query)}`, {
      method,
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    })
    const text = await response.text()
    const raw: unknown = text ? JSON.parse(text) : undefined
    if (!response.ok) throw new ApiRequestError(response.status, toApiError(response.status, raw), raw)
    return { data: raw, headers: response.headers }
  }
  async function json<T>(
    method: string,
    path: string,
    init?: { query?: Query; body?: unknown; headers?: Record<string, string> },
  ): Promise<T> {
    return (await send(method, path, init)).data as T
  }
  return { send, json }
}

export type Transport = ReturnType<typeof createTransport>

/** Path segment encoding for ids. */
export const id = encodeURIComponent

export function isApiError(error: unknown, status?: number): error is ApiRequestError {
  return error instanceof ApiRequestError && (status === undefined || error.status === status)
}
