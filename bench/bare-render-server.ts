import { createServer } from 'node:http'
import { createElement as h, type ReactNode } from 'react'
import { renderToPipeableStream } from 'react-dom/server'

/**
 * The reference of `npm run bench -- ssr`'s memory figure: a bare Node.js server that renders a React page of about
 * the product page's size (33 KB of HTML, 17 KB of it serialized data; the shop's page is 31 KB with 10 KB) and
 * nothing else: no database, no API, no router, no caches. Run with the shop's own Node.js flags, under the same
 * load, its resident memory is what rendering React costs on this Node.js and machine; the shop's figure beside it
 * is what the shop adds. Prints its port on the first line of stdout.
 */
const products = Array.from({ length: 60 }, (_, i) => ({
  id: `p-${i}`,
  name: `Product number ${i}`,
  description: 'A liquid-filled compass with a clear baseplate and map scales. '.repeat(2),
  price: { amount: 19.99 + i, currency: 'USD' },
  slugs: { en: `product-${i}`, de: `produkt-${i}` },
}))

function Page({ address }: { address: string }): ReactNode {
  return h(
    'html',
    { lang: 'en' },
    h('head', null, h('meta', { charSet: 'utf-8' }), h('title', null, `Product – ${address}`)),
    h(
      'body',
      null,
      h(
        'header',
        null,
        h(
          'nav',
          { 'aria-label': 'Categories' },
          products.slice(0, 20).map((p) => h('a', { key: p.id, href: `/c/${p.slugs.en}` }, p.name)),
        ),
      ),
      h(
        'main',
        null,
        h('h1', null, 'Baseplate Compass'),
        h(
          'ul',
          null,
          products.map((p) =>
            h(
              'li',
              { key: p.id, className: 'tile' },
              h('a', { href: `/p/${p.slugs.en}~${p.id}` }, h('span', null, p.name)),
              h('p', null, p.description),
              h('span', { className: 'price' }, `$${p.price.amount.toFixed(2)}`),
            ),
          ),
        ),
      ),
      h('script', {
        dangerouslySetInnerHTML: { __html: `window.__data=${JSON.stringify({ address, products })}` },
      }),
    ),
  )
}

const server = createServer((request, response) => {
  const stream = renderToPipeableStream(h(Page, { address: request.url ?? '/' }), {
    onAllReady() {
      response.setHeader('content-type', 'text/html; charset=utf-8')
      stream.pipe(response)
    },
    onShellError() {
      response.statusCode = 500
      response.end()
    },
  })
})
server.listen(0, '127.0.0.1', () => {
  const address = server.address()
  console.log(typeof address === 'object' && address ? address.port : 0)
})
process.on('SIGTERM', () => server.close(() => process.exit(0)))
