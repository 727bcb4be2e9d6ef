import { z } from 'zod'
import { endpoint, errors, text } from './endpoint.ts'

/** A numbered part of the sitemap (`/sitemap-1.xml`), 10,000 URLs each. */
export const SitemapPartParamsSchema = z.object({ part: z.coerce.number().int().min(1).max(1000) })

/** What search engines read at the root of the shop (docs/decisions/0006); pages, so not in the OpenAPI document. */
export const seoApi = {
  robots: endpoint({
    method: 'GET',
    path: '/robots.txt',
    tags: ['seo'],
    hide: true,
    responses: { 200: text('text/plain', 'robots.txt naming the sitemap') },
  }),
  sitemap: endpoint({
    method: 'GET',
    path: '/sitemap.xml',
    tags: ['seo'],
    hide: true,
    responses: { 200: text('application/xml', 'The sitemap, or its index of parts') },
  }),
  sitemapPart: endpoint({
    method: 'GET',
    path: '/sitemap-:part.xml',
    tags: ['seo'],
    hide: true,
    params: SitemapPartParamsSchema,
    responses: { 200: text('application/xml', 'One part of the sitemap'), ...errors(400, 404) },
  }),
}
