import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { pathToFileURL } from 'node:url'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify'
import { inject } from 'light-my-request'
import { createRequestHandler, type RouterContextProvider, type ServerBuild } from 'react-router'
import { encodedBody, preferredEncoding } from '../cache/encoded.ts'
import { type KeptPage, PageCache, RenderReads } from '../cache/page-cache.ts'
import { PUBLIC_ANSWER_HEADER } from '../cache/public-answer.ts'
import type { AppContext } from './context.ts'

/** What the storefront's server build exports from its entry (apps/web/app/entry.server.tsx). */
interface StorefrontDeps {
  fetch: typeof globalThis.fetch
  apiBaseUrl: string
  production: boolean
  requestId: string
  social: { googleClientSecret?: string; facebookAppSecret?: string; facebookDialogUrl: string }
}
type CreateLoadContext = (deps: StorefrontDeps) => RouterContextProvider
/**
 * The storefront's word on whether a request's page is the same for everybody who sends the same key, from the
 * request's method, absolute address and Cookie header.
 */
type PageCacheKey = (request: { method: string; url: string; cookie: string | null }) => string | null

const API_ORIGIN = 'http://shop.internal'
const NULL_BODY_STATUSES = new Set([101, 204, 205, 304])

/**
 * Serves the React Router storefront from the same process: `/assets/**` from the client build with a year's
 * immutable cache (precompressed at build time), every other GET/HEAD/POST outside /api and /media through the
 * server build. Loaders reach the API through the app's routing (as `app.inject` does): in-process, no socket,
 * but still through the public routes and validation.
 */
export async function registerStorefront(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const serverEntry = join(ctx.config.webBuildDir, 'server', 'index.js')
  const clientDir = join(ctx.config.webBuildDir, 'client')
  if (!existsSync(serverEntry)) {
    ctx.log.warn({ serverEntry }, 'storefront build not found: serving the API only (run npm run build)')
    return
  }
  const build = (await import(pathToFileURL(serverEntry).href)) as ServerBuild
  const entry = build.entry.module as unknown as {
    createLoadContext?: CreateLoadContext
    pageCacheKey?: PageCacheKey
  }
  const { createLoadContext, pageCacheKey } = entry
  if (!createLoadContext) throw new Error('storefront build does not export createLoadContext from its entry')
  const pages = new PageCache(ctx.db)
  const social = {
    googleClientSecret: ctx.config.googleClientSecret,
    facebookAppSecret: ctx.config.facebookAppSecret,
    facebookDialogUrl: ctx.config.facebookDialogUrl,
  }
  const handle = createRequestHandler(build, ctx.config.production ? 'production' : 'development')

  await app.register(async (scope) => {
    await scope.register(fastifyStatic, {
      root: join(clientDir, 'assets'),
      prefix: '/assets/',
      decorateReply: false,
      immutable: true,
      maxAge: '365d',
      index: false,
      // The build wrote a .br and .gz beside each compressible asset (scripts/precompress.ts): sent as they are.
      preCompressed: true,
    })
    // Form posts reach React Router's actions untouched: keep every body as raw bytes in this scope.
    scope.removeAllContentTypeParsers()
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body))

    const pageRoute: RouteOptions = {
      method: ['GET', 'HEAD', 'POST'],
      url: '/*',
      schema: { hide: true },
      handler: async (request, reply) => {
        const path = request.url.split('?')[0] ?? '/'
        if (path === '/api' || path.startsWith('/api/') || path.startsWith('/media/'))
          return reply.callNotFound()
        // A page the same for everybody with this key is served as kept while what it shows is unchanged.
        const key =
          pageCacheKey?.({
            method: request.method,
            url: `${request.protocol}://${request.host}${request.url}`,
            cookie: request.headers.cookie ?? null,
          }) ?? null
        if (key) {
          const kept = await pages.get(key)
          if (kept) return sendKept(reply, kept, 'hit', request.headers['accept-encoding'])
        }
        const fetchRequest = toFetchRequest(request, reply)
        const reads = key ? new RenderReads() : undefined
        const versions = key ? await pages.versions() : undefined
        const response = await handle(
          fetchRequest,
          createLoadContext({
            fetch: injectFetch(app, request.ip, reads),
            apiBaseUrl: API_ORIGIN,
            production: ctx.config.production,
            requestId: request.id,
            social,
          }),
        )
        if (
          key &&
          reads?.public &&
          versions &&
          response.status === 200 &&
          !response.headers.has('set-cookie')
        ) {
          const page = await readWhole(response, fetchRequest.signal)
          if (!page) return reply
          const kept = pages.set(key, page, versions, reads)
          return sendKept(reply, kept, 'miss', request.headers['accept-encoding'])
        }
        return sendFetchResponse(reply, response)
      },
    }
    scope.route(pageRoute)
    // The back office's CSV upload (docs/decisions/0053-catalogue-csv.md) is the one page taking large bodies:
    // posted as a document, or by the hydrated page to its React Router data URL.
    for (const url of ['/admin/import', '/admin/import.data'])
      scope.route({ ...pageRoute, method: 'POST', url, bodyLimit: 40 * 1024 * 1024 })
  })
}

function toFetchRequest(request: FastifyRequest, reply: FastifyReply): Request {
  const origin = `${request.protocol}://${request.host}`
  const headers = new Headers()
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v)
  }
  const controller = new AbortController()
  // The shopper went away before the answer was written: stop rendering and loading.
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort()
  })
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD' && Buffer.isBuffer(request.body)
  return new Request(new URL(request.url, origin), {
    method: request.method,
    headers,
    body: hasBody ? new Uint8Array(request.body as Buffer) : undefined,
    signal: controller.signal,
  })
}

async function sendFetchResponse(reply: FastifyReply, response: Response): Promise<FastifyReply> {
  reply.status(response.status)
  for (const [name, value] of response.headers) {
    if (name === 'set-cookie') continue
    reply.header(name, value)
  }
  const cookies = response.headers.getSetCookie()
  if (cookies.length) reply.header('set-cookie', cookies)
  if (!response.body) return reply.send()
  return reply.send(Readable.fromWeb(response.body as import('node:stream/web').ReadableStream))
}

/** The whole of a rendered page, to keep; undefined when the shopper went away before it was written. */
async function readWhole(response: Response, signal: AbortSignal): Promise<KeptPage | undefined> {
  try {
    const body = Buffer.from(await response.arrayBuffer())
    return { status: response.status, headers: [...response.headers], body }
  } catch (error) {
    if (signal.aborted) return undefined
    throw error
  }
}

/** A kept page, in the client's preferred encoding, compressed once per page (not per request). */
async function sendKept(
  reply: FastifyReply,
  page: KeptPage,
  state: 'hit' | 'miss',
  acceptEncoding: string | undefined,
): Promise<FastifyReply> {
  reply.status(page.status)
  for (const [name, value] of page.headers) reply.header(name, value)
  reply.header('x-page-cache', state)
  reply.header('vary', 'accept-encoding')
  const encoding = preferredEncoding(acceptEncoding)
  if (!encoding) return reply.send(page.body)
  reply.header('content-encoding', encoding)
  return reply.send(await encodedBody(page, encoding))
}

/**
 * A fetch for the storefront's API client that goes through the app's routing in-process instead of the network;
 * `reads`, when given, records whether each answer was a public one (for the page cache). Not through
 * `app.inject`: that refuses every call once the server began to close, and a page whose render was admitted
 * before a normal stop must still get its data while the stop drains (docs/decisions/0089). The calls are the
 * same as `app.inject` makes (light-my-request on `app.routing`).
 */
function injectFetch(app: FastifyInstance, clientIp: string, reads?: RenderReads): typeof globalThis.fetch {
  return async (input, init) => {
    const request = new Request(input, init)
    const url = new URL(request.url)
    const headers: Record<string, string> = { 'x-forwarded-for': clientIp }
    for (const [name, value] of request.headers) headers[name] = value
    // In-process answers are read as they are (a Response built here decodes nothing): never compressed.
    headers['accept-encoding'] = 'identity'
    const payload = request.body ? Buffer.from(await request.arrayBuffer()) : undefined
    const res = await inject(app.routing, {
      method: request.method as 'GET',
      url: url.pathname + url.search,
      headers,
      ...(payload ? { payload } : {}),
    })
    reads?.saw(res.statusCode, res.headers[PUBLIC_ANSWER_HEADER])
    const responseHeaders = new Headers()
    for (const [name, value] of Object.entries(res.headers)) {
      if (value === undefined) continue
      for (const v of Array.isArray(value) ? value : [String(value)]) responseHeaders.append(name, v)
    }
    const body = NULL_BODY_STATUSES.has(res.statusCode) ? null : res.rawPayload
    return new Response(body ? new Uint8Array(body) : null, {
      status: res.statusCode,
      headers: responseHeaders,
    })
  }
}
