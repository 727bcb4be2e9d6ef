import { backofficeMediaApi, MEDIA_MAX_BYTES } from '@shop/contracts/backoffice-media'
import { MEDIA_FORMATS, type MediaFormat } from '@shop/contracts/media'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { staffOf } from '../../platform/auth/staff.ts'
import type { AppContext } from '../../platform/http/context.ts'
import { AppError, badRequest } from '../../platform/http/errors.ts'
import { route } from '../../platform/http/route.ts'
import { narrowedDirectoryImage } from './directory-media.ts'
import { mediaFile, uploadMedia } from './media.service.ts'
import { MediaCache } from './media-cache.ts'

/** Bytes of image files each process keeps in memory for the public path. */
const CACHE_BYTES = 64 * 1024 * 1024

const tooLarge = () => {
  const message = `The file is larger than ${MEDIA_MAX_BYTES / 1024 / 1024} MB`
  return new AppError(413, 'file_too_large', message, [{ field: 'file', type: 'file_too_large', message }])
}

/** The request body as it came, at most MEDIA_MAX_BYTES (whatever its content type says). */
function readFile(request: FastifyRequest, payload: NodeJS.ReadableStream): Promise<Buffer> {
  const declared = Number(request.headers['content-length'] ?? 0)
  if (declared > MEDIA_MAX_BYTES) return Promise.reject(tooLarge())
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    payload.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > MEDIA_MAX_BYTES) {
        payload.removeAllListeners('data')
        payload.resume()
        reject(tooLarge())
        return
      }
      chunks.push(chunk)
    })
    payload.on('end', () => resolve(Buffer.concat(chunks)))
    payload.on('error', reject)
  })
}

/**
 * The upload (`POST /api/owner/media`, raw bytes) and the public path of the stored files,
 * `/media/u/<id>/<width>.<format>`: immutable (content-addressed), cached a year by browsers and per process
 * in memory, from the database so that every process serves every upload (docs/decisions/0047). And the media
 * directory's images narrowed to a width of the ladder, `/media/w/<width>/<path>` (docs/decisions/0074).
 */
export function mediaRoutes(ctx: AppContext) {
  const cache = new MediaCache(CACHE_BYTES)
  return async (app: FastifyInstance) => {
    await app.register(async (scope) => {
      scope.removeAllContentTypeParsers()
      scope.addContentTypeParser('*', { bodyLimit: MEDIA_MAX_BYTES + 1 }, (request, payload, done) => {
        readFile(request, payload).then(
          (bytes) => done(null, bytes),
          (error: Error) => done(error),
        )
      })
      scope.addHook('onSend', async (_request, reply) => {
        void reply.header('cache-control', 'no-store')
      })
      route(
        scope,
        backofficeMediaApi.upload,
        async (request, reply) => {
          const bytes = request.body
          if (!Buffer.isBuffer(bytes) || bytes.length === 0) {
            throw badRequest('not_an_image', 'Send the image file as the request body', [
              { field: 'file', type: 'required', message: 'The request body is empty' },
            ])
          }
          return reply.status(201).send(await uploadMedia(ctx, staffOf(request), bytes))
        },
        { bodyLimit: MEDIA_MAX_BYTES + 1 },
      )
    })

    app.get<{ Params: { id: string; file: string } }>(
      '/media/u/:id/:file',
      { schema: { hide: true } },
      async (request, reply) => {
        const match = /^(\d{1,5})\.([a-z]+)$/.exec(request.params.file)
        const format = match?.[2] as MediaFormat | undefined
        if (
          !match ||
          !format ||
          !MEDIA_FORMATS.includes(format) ||
          !/^[a-f0-9]{32}$/.test(request.params.id)
        ) {
          return noImage(reply)
        }
        const file = { id: request.params.id, width: Number(match[1]), format }
        const etag = `"${file.id}-${file.width}-${file.format}"`
        if (request.headers['if-none-match'] === etag) {
          return reply.status(304).header('etag', etag).send()
        }
        const found = await mediaFile(ctx, cache, file)
        if (!found) {
          return noImage(reply)
        }
        return sendImage(reply, found, etag, 'public, max-age=31536000, immutable')
      },
    )

    app.get<{ Params: { width: string; '*': string } }>(
      '/media/w/:width/*',
      { schema: { hide: true } },
      async (request, reply) => {
        const width = /^\d{1,5}$/.test(request.params.width) ? Number(request.params.width) : 0
        const found = await narrowedDirectoryImage(ctx.config.mediaDir, cache, width, request.params['*'])
        if (!found) {
          return noImage(reply)
        }
        if (request.headers['if-none-match'] === found.etag) {
          return reply.status(304).header('etag', found.etag).send()
        }
        // As long as the directory's own files (app.ts): a file replaced under the same name shows within a week.
        return sendImage(reply, found, found.etag, 'public, max-age=604800')
      },
    )
  }
}

const noImage = (reply: FastifyReply) =>
  reply.status(404).send({ status: 404, type: 'not_found', message: 'No such image', details: [] })

const sendImage = (
  reply: FastifyReply,
  image: { bytes: Buffer; contentType: string },
  etag: string,
  cacheControl: string,
) =>
  reply
    .header('content-type', image.contentType)
    .header('cache-control', cacheControl)
    .header('etag', etag)
    .header('x-content-type-options', 'nosniff')
    .send(image.bytes)
