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

export function isApiError(error: unknown, status?: number): error is ApiRequestError {
  return error instanceof ApiRequestError && (status === undefined || error.status === status)
}
