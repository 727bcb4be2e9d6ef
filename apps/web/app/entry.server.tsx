import { createReadableStreamFromReadable } from '@react-router/node'
import { isbot } from 'isbot'
import { renderToPipeableStream } from 'react-dom/server'
import type { EntryContext, RouterContextProvider } from 'react-router'
import { ServerRouter } from 'react-router'
// The server renders every language: all their texts at hand from the start.
import './i18n/all.ts'
import { lowPriorityModulePreloads } from './lib/script-priority.server.ts'

/** The hosting server builds each request's load context through this export of the server build. */
export { createLoadContext } from './lib/context.server.ts'
/** …and asks it which pages are the same for everybody (its page cache). */
export { pageCacheKey } from './lib/page-cache.server.ts'

export const streamTimeout = 5_000

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  _loadContext: RouterContextProvider,
): Promise<Response> {
  return new Promise((resolve, reject) => {
    let shellRendered = false
    const userAgent = request.headers.get('user-agent')
    // Bots and no-JS readers get the whole document at once; browsers get the shell as soon as it is ready.
    const waitForAll = Boolean((userAgent && isbot(userAgent)) || routerContext.isSpaMode)
    let timer: ReturnType<typeof setTimeout> | undefined
    const respond = () => {
      shellRendered = true
      // The head's module preloads at low priority: the stylesheet and the main image come first (ADR 0074).
      const body = lowPriorityModulePreloads()
      const stream = createReadableStreamFromReadable(body)
      responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
      resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }))
      pipe(body)
    }
    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} />,
      {
        onShellReady() {
          if (!waitForAll) respond()
        },
        onAllReady() {
          // The render is whole: its timer goes, so it does not hold the finished render, its request and its
          // data in memory for six seconds (at 100 renders a second, about 600 of them and 60 MB of heap).
          clearTimeout(timer)
          if (waitForAll) respond()
        },
        onShellError(error: unknown) {
          clearTimeout(timer)
          reject(error)
        },
        onError(error: unknown) {
          responseStatusCode = 500
          // A request its client gave up has its loaders aborted on purpose: not logged, as React Router's own
          // error handler does not log it either.
          if (shellRendered && !request.signal.aborted) console.error(error)
        },
      },
    )
    // A render still streaming after the stream timeout is given up (its rejected boundaries flushed first).
    timer = setTimeout(abort, streamTimeout + 1000)
  })
}
