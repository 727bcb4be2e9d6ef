import { createHash, randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { outcomeOf, validateCard } from '../../modules/payment/card-rules.ts'
import { cardElementPage, challengePage, stripeJsSource } from './stripe-js-stand-in.ts'

/**
 * A loopback stand-in of the part of Stripe's HTTP API the shop uses (docs/decisions/0009-stripe.md), for tests
 * and local trials without internet: a real HTTP server speaking Stripe's wire format (form-encoded bodies,
 * bearer keys, `Idempotency-Key`, Stripe-shaped objects and errors).
 *
 * - `POST /v1/payment_methods` (publishable or secret key; `key=` in the body like Stripe.js, or the bearer
 *   header): `type=card&card[number]=…` → `pm_…`; card errors as 402 `card_error` with `param`.
 * - `POST /v1/payment_intents` (secret key) with `confirm=true` and `payment_method`: 4000000000000002 is
 *   declined (`card_declined`/`generic_decline`), 4000000000009995 `card_declined`/`insufficient_funds`,
 *   every other valid number succeeds. `expand[]=payment_method` expands the method. 4000002500003155 needs
 *   3-D Secure: the intent answers `requires_action` (`next_action.type = use_stripe_sdk`) with its
 *   `client_secret`; the challenge page (`POST /v1/payment_intents/:id/authenticate`, the bank's part) settles
 *   it as `succeeded` or back to `requires_payment_method` with `last_payment_error`.
 * - `GET /v1/payment_intents/:id` (secret key, or the publishable key with the intent's `client_secret`, as
 *   Stripe.js retrieves it), `POST /v1/payment_intents/:id/cancel`, `POST /v1/refunds` (`payment_intent=`, an
 *   optional `amount=`: what is left when absent; nothing left is `charge_already_refunded`, more than is left
 *   `amount_too_large`).
 * - The browser half (stripe-js-stand-in.ts): `GET /v3` (Stripe.js), `/elements/card` (the Card Element's
 *   iframe) and `/challenge` (the 3-D Secure dialog).
 * - An `Idempotency-Key` replays the first answer for the same parameters (header `Idempotent-Replayed`), and a
 *   different body under the same key is a 400 `idempotency_error`, as Stripe does.
 * The card number is kept here only as its outcome, brand and last4: a stand-in of the provider's vault.
 */
export interface StripeStandIn {
  /** Base URL, e.g. http://127.0.0.1:41234 */
  url: string
  secretKey: string
  publishableKey: string
  paymentIntents: Map<string, PaymentIntent>
  refunds: Map<string, Refund>
  /** Every request seen (method, path, and whether the shop's secret key authorised it), for assertions. */
  requests: Array<{ method: string; path: string; idempotencyKey: string | undefined; replayed: boolean }>
  close(): Promise<void>
}

interface PaymentMethod {
  id: string
  object: 'payment_method'
  type: 'card'
  card: { brand: string; last4: string; exp_month: number; exp_year: number; funding: 'credit' }
  created: number
  livemode: false
}

interface PaymentIntent {
  id: string
  object: 'payment_intent'
  amount: number
  amount_received: number
  currency: string
  status: 'succeeded' | 'requires_payment_method' | 'requires_action' | 'canceled'
  client_secret: string
  next_action: { type: 'use_stripe_sdk'; use_stripe_sdk: { type: 'three_d_secure_redirect' } } | null
  last_payment_error: Record<string, unknown> | null
  payment_method: string | null
  latest_charge: string | null
  created: number
  livemode: false
  metadata: Record<string, string>
}

interface Refund {
  id: string
  object: 'refund'
  amount: number
  currency: string
  payment_intent: string
  charge: string
  status: 'succeeded'
  created: number
}

type Params = Record<string, unknown>

/**
 * What Stripe.js does in the browser: card data to the stand-in with the publishable key (`over` replaces
 * fields, e.g. `key` or `card[cvc]`); the answer's status and body, a `pm_…` id or a card error.
 */
export async function createPaymentMethod(
  standIn: Pick<StripeStandIn, 'url' | 'publishableKey'>,
  number: string,
  over: Record<string, string> = {},
): Promise<{ status: number; body: { id: string; error?: { code: string } } }> {
  const res = await fetch(`${standIn.url}/v1/payment_methods`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      type: 'card',
      'card[number]': number,
      'card[exp_month]': '12',
      'card[exp_year]': String(new Date().getUTCFullYear() + 1),
      'card[cvc]': '123',
      key: standIn.publishableKey,
      ...over,
    }),
  })
  return { status: res.status, body: (await res.json()) as { id: string; error?: { code: string } } }
}

/** The `pm_…` id of a valid card `number`; throws when the stand-in refuses it. */
export async function paymentMethodId(
  standIn: Pick<StripeStandIn, 'url' | 'publishableKey'>,
  number: string,
) {
  const { status, body } = await createPaymentMethod(standIn, number)
  if (status !== 200) throw new Error(`payment method refused (${status}): ${JSON.stringify(body)}`)
  return body.id
}

/** Stripe's brand values are lower case ids. */
const BRANDS: Record<string, string> = {
  Visa: 'visa',
  MasterCard: 'mastercard',
  'American Express': 'amex',
  Discover: 'discover',
  JCB: 'jcb',
}

export async function startStripeStandIn(
  keys: { secretKey?: string; publishableKey?: string } = {},
): Promise<StripeStandIn> {
  const secretKey = keys.secretKey ?? `sk_test_${randomBytes(12).toString('hex')}`
  const publishableKey = keys.publishableKey ?? `pk_test_${randomBytes(12).toString('hex')}`
  const methods = new Map<
    string,
    PaymentMethod & { outcome: ReturnType<typeof outcomeOf>; used: boolean; authenticate: boolean }
  >()
  const paymentIntents = new Map<string, PaymentIntent>()
  const refunds = new Map<string, Refund>()
  const idempotent = new Map<string, { fingerprint: string; status: number; body: unknown }>()
  const requests: StripeStandIn['requests'] = []
  const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`
  const now = () => Math.floor(Date.now() / 1000)
  let origin = ''

  function publicMethod(pm: PaymentMethod) {
    const { id, object, type, card, created, livemode } = pm
    return { id, object, type, card, created, livemode }
  }

  /** The intent as answered, with its payment method when `expand[]=payment_method` asks for it. */
  function answered(intent: PaymentIntent, params: Params): PaymentIntent | Record<string, unknown> {
    const pm = intent.payment_method ? methods.get(intent.payment_method) : undefined
    return pm && expandList(params).includes('payment_method')
      ? { ...intent, payment_method: publicMethod(pm) }
      : intent
  }

  function createPaymentMethod(params: Params): [number, unknown] {
    if (params.type !== 'card') return invalidRequest('type', 'Invalid type: must be card')
    const card = (params.card ?? {}) as Record<string, string>
    const checked = validateCard({
      number: String(card.number ?? ''),
      exp_month: Number(card.exp_month),
      exp_year: Number(card.exp_year),
      cvc: String(card.cvc ?? ''),
    })
    if ('error' in checked) return [402, checked]
    const pm = {
      id: id('pm'),
      object: 'payment_method' as const,
      type: 'card' as const,
      card: {
        brand: BRANDS[checked.brand] ?? 'unknown',
        last4: checked.digits.slice(-4),
        exp_month: checked.expMonth,
        exp_year: checked.expYear,
        funding: 'credit' as const,
      },
      created: now(),
      livemode: false as const,
      outcome: outcomeOf(checked.digits),
      used: false,
      authenticate: checked.digits === THREE_D_SECURE_CARD,
    }
    methods.set(pm.id, pm)
    return [200, publicMethod(pm)]
  }

  function createPaymentIntent(params: Params): [number, unknown] {
    const amount = Number(params.amount)
    if (!Number.isInteger(amount) || amount < 1) return invalidRequest('amount', 'Invalid positive integer')
    const currency = String(params.currency ?? '')
    if (!/^[a-z]{3}$/.test(currency)) return invalidRequest('currency', 'Invalid currency')
    const pmId = params.payment_method === undefined ? null : String(params.payment_method)
    const pm = pmId ? methods.get(pmId) : undefined
    if (pmId && !pm) {
      return [
        400,
        stripeError(
          'invalid_request_error',
          'resource_missing',
          `No such PaymentMethod: '${pmId}'`,
          'payment_method',
        ),
      ]
    }
    const intentId = id('pi')
    const intent: PaymentIntent = {
      id: intentId,
      object: 'payment_intent',
      amount,
      amount_received: 0,
      currency,
      status: 'requires_payment_method',
      client_secret: `${intentId}_secret_${randomBytes(12).toString('hex')}`,
      next_action: null,
      last_payment_error: null,
      payment_method: pmId,
      latest_charge: null,
      created: now(),
      livemode: false,
      metadata: (params.metadata ?? {}) as Record<string, string>,
    }
    paymentIntents.set(intent.id, intent)
    if (params.confirm !== 'true' || !pm) return [200, intent]
    if (pm.used) {
      return [
        400,
        stripeError(
          'invalid_request_error',
          'payment_method_unexpected_state',
          'The provided PaymentMethod was previously used with a PaymentIntent without Customer attachment.',
          'payment_method',
        ),
      ]
    }
    pm.used = true
    const expanded = expandList(params).includes('payment_method')
    if (pm.outcome !== 'succeeds') {
      const decline = pm.outcome === 'declined' ? 'generic_decline' : 'insufficient_funds'
      const message =
        pm.outcome === 'declined' ? 'Your card was declined.' : 'Your card has insufficient funds.'
      const error = stripeError('card_error', 'card_declined', message)
      Object.assign(error.error, { decline_code: decline, payment_intent: intent })
      return [402, error]
    }
    if (pm.authenticate) {
      intent.status = 'requires_action'
      intent.next_action = { type: 'use_stripe_sdk', use_stripe_sdk: { type: 'three_d_secure_redirect' } }
    } else succeed(intent)
    return [200, expanded ? { ...intent, payment_method: publicMethod(pm) } : intent]
  }

  function succeed(intent: PaymentIntent) {
    Object.assign(intent, {
      status: 'succeeded',
      amount_received: intent.amount,
      latest_charge: id('ch'),
      next_action: null,
      last_payment_error: null,
    })
  }

  /** The bank's answer to the 3-D Secure challenge (the challenge page posts it with the client secret). */
  function authenticate(intent: PaymentIntent, params: Params): [number, unknown] {
    if (params.client_secret !== intent.client_secret || intent.status !== 'requires_action')
      return [
        400,
        stripeError('invalid_request_error', 'payment_intent_unexpected_state', 'Nothing to authenticate.'),
      ]
    if (params.outcome === 'succeeded') succeed(intent)
    else {
      Object.assign(intent, {
        status: 'requires_payment_method',
        next_action: null,
        last_payment_error: {
          type: 'card_error',
          code: 'payment_intent_authentication_failure',
          message:
            'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
        },
      })
    }
    return [200, intent]
  }

  function cancel(intent: PaymentIntent, params: Params): [number, unknown] {
    if (intent.status === 'succeeded' || intent.status === 'canceled') {
      return [
        400,
        stripeError(
          'invalid_request_error',
          'payment_intent_unexpected_state',
          `You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`,
        ),
      ]
    }
    Object.assign(intent, { status: 'canceled', next_action: null })
    return [200, answered(intent, params)]
  }

  function createRefund(params: Params): [number, unknown] {
    const intent = paymentIntents.get(String(params.payment_intent ?? ''))
    if (!intent) {
      return [
        400,
        stripeError(
          'invalid_request_error',
          'resource_missing',
          `No such payment_intent: '${String(params.payment_intent ?? '')}'`,
          'payment_intent',
        ),
      ]
    }
    if (intent.status !== 'succeeded') {
      return [
        400,
        stripeError(
          'invalid_request_error',
          'charge_not_refundable',
          'This PaymentIntent has no successful charge.',
        ),
      ]
    }
    const left =
      intent.amount_received -
      [...refunds.values()]
        .filter((r) => r.payment_intent === intent.id)
        .reduce((sum, r) => sum + r.amount, 0)
    if (left <= 0) {
      return [
        400,
        stripeError(
          'invalid_request_error',
          'charge_already_refunded',
          `Charge ${intent.latest_charge} has already been refunded.`,
        ),
      ]
    }
    const amount = params.amount === undefined ? left : Number(params.amount)
    if (!Number.isInteger(amount) || amount <= 0 || amount > left) {
      return [
        400,
        stripeError(
          'invalid_request_error',
          'amount_too_large',
          `Refund amount (${amount}) is greater than unrefunded amount on charge (${left})`,
          'amount',
        ),
      ]
    }
    const refund: Refund = {
      id: id('re'),
      object: 'refund',
      amount,
      currency: intent.currency,
      payment_intent: intent.id,
      charge: intent.latest_charge ?? '',
      status: 'succeeded',
      created: now(),
    }
    refunds.set(refund.id, refund)
    return [200, refund]
  }

  function route(method: string, path: string, params: Params, key: string | undefined): [number, unknown] {
    const secret = key === secretKey
    const publishable = key === publishableKey
    if (!secret && !publishable) {
      return [
        401,
        stripeError('invalid_request_error', undefined, `Invalid API Key provided: ${mask(key ?? '')}`),
      ]
    }
    const intentPath = /^\/v1\/payment_intents\/(\w+)(?:\/(authenticate|cancel))?$/.exec(path)
    const intent = intentPath ? paymentIntents.get(intentPath[1] ?? '') : undefined
    if (intentPath && !intent) {
      return [
        404,
        stripeError(
          'invalid_request_error',
          'resource_missing',
          `No such payment_intent: '${intentPath[1]}'`,
        ),
      ]
    }
    // The challenge page and Stripe.js reach an intent with its client secret (no secret key in a browser).
    if (intent && method === 'POST' && intentPath?.[2] === 'authenticate') return authenticate(intent, params)
    if (intent && method === 'GET' && publishable && params.client_secret === intent.client_secret)
      return [200, intent]
    if (method === 'POST' && path === '/v1/payment_methods') return createPaymentMethod(params)
    if (!secret) {
      return [
        403,
        stripeError(
          'invalid_request_error',
          'secret_key_required',
          'This API call cannot be made with a publishable API key. Please use a secret API key.',
        ),
      ]
    }
    if (method === 'POST' && path === '/v1/payment_intents') return createPaymentIntent(params)
    if (method === 'POST' && path === '/v1/refunds') return createRefund(params)
    if (intent && method === 'GET' && !intentPath?.[2]) return [200, answered(intent, params)]
    if (intent && method === 'POST' && intentPath?.[2] === 'cancel') return cancel(intent, params)
    return [
      404,
      stripeError('invalid_request_error', undefined, `Unrecognized request URL (${method}: ${path}).`),
    ]
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://stand-in')
    // Stripe's API answers cross-origin calls from Stripe.js (publishable-key endpoints).
    response.setHeader('access-control-allow-origin', '*')
    response.setHeader('access-control-allow-headers', 'authorization, content-type, idempotency-key')
    if (request.method === 'OPTIONS') {
      response.writeHead(204).end()
      return
    }
    const page = request.method === 'GET' ? browserPage(url.pathname, origin) : undefined
    if (page) {
      response.writeHead(200, { 'content-type': page.type, 'cache-control': 'no-store' }).end(page.body)
      return
    }
    const raw = await readBody(request)
    const params = parseForm(request.method === 'GET' ? url.search.slice(1) : raw)
    const header = request.headers.authorization
    const key = header?.startsWith('Bearer ')
      ? header.slice(7)
      : typeof params.key === 'string'
        ? params.key
        : undefined
    delete params.key
    const idempotencyKey = headerValue(request.headers['idempotency-key'])
    const method = request.method ?? 'GET'
    const entry = { method, path: url.pathname, idempotencyKey, replayed: false }
    requests.push(entry)
    let status: number
    let body: unknown
    const scope = `${key}:${idempotencyKey}`
    const fingerprint = createHash('sha256').update(`${method} ${url.pathname} ${raw}`).digest('hex')
    const earlier = method === 'POST' && idempotencyKey ? idempotent.get(scope) : undefined
    if (earlier && earlier.fingerprint !== fingerprint) {
      status = 400
      body = stripeError(
        'idempotency_error',
        undefined,
        `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
      )
    } else if (earlier) {
      ;({ status, body } = earlier)
      entry.replayed = true
      response.setHeader('idempotent-replayed', 'true')
    } else {
      ;[status, body] = route(method, url.pathname, params, key)
      if (method === 'POST' && idempotencyKey && status !== 401)
        idempotent.set(scope, { fingerprint, status, body })
    }
    response.setHeader('request-id', `req_${randomBytes(8).toString('hex')}`)
    response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body))
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      response.writeHead(500, { 'content-type': 'application/json' })
      response.end(JSON.stringify(stripeError('api_error', undefined, String(error))))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  origin = `http://127.0.0.1:${port}`
  return {
    url: origin,
    secretKey,
    publishableKey,
    paymentIntents,
    refunds,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/** The card that needs 3-D Secure (Stripe's test card 4000 0025 0000 3155). */
const THREE_D_SECURE_CARD = '4000002500003155'

/** Stripe.js and its frames (stripe-js-stand-in.ts). */
function browserPage(path: string, origin: string): { type: string; body: string } | undefined {
  if (path === '/v3' || path === '/v3/')
    return { type: 'text/javascript; charset=utf-8', body: stripeJsSource(origin) }
  if (path === '/elements/card') return { type: 'text/html; charset=utf-8', body: cardElementPage() }
  if (path === '/challenge') return { type: 'text/html; charset=utf-8', body: challengePage() }
  return undefined
}

function stripeError(type: string, code: string | undefined, message: string, param?: string) {
  return {
    error: { type, ...(code ? { code } : {}), message, ...(param ? { param } : {}) } as Record<
      string,
      unknown
    >,
  }
}

function invalidRequest(param: string, message: string): [number, unknown] {
  return [400, stripeError('invalid_request_error', 'parameter_invalid_integer', message, param)]
}

const mask = (key: string) =>
  key.length > 8 ? `${key.slice(0, 8)}${'*'.repeat(key.length - 12)}${key.slice(-4)}` : key

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    request.on('error', reject)
  })
}

function expandList(params: Params): string[] {
  const expand = params.expand
  if (Array.isArray(expand)) return expand.map(String)
  if (expand && typeof expand === 'object') return Object.values(expand).map(String)
  return []
}

/** Stripe's form encoding: `a[b]=1&c[]=x&c[]=y` → { a: { b: '1' }, c: ['x', 'y'] }. */
export function parseForm(text: string): Params {
  const out: Params = {}
  for (const [name, value] of new URLSearchParams(text)) {
    const base = name.split('[')[0] as string
    const path = [base, ...[...name.slice(base.length).matchAll(/\[([^\]]*)\]/g)].map((m) => m[1] as string)]
    let node = out as Record<string, unknown>
    path.forEach((part, i) => {
      const next = path[i + 1]
      if (next === undefined) {
        if (Array.isArray(node)) node.push(value)
        else node[part] = value
        return
      }
      if (Array.isArray(node)) return
      node[part] ??= next === '' ? [] : {}
      node = node[part] as Record<string, unknown>
    })
  }
  return out
}
