import assert from 'node:assert/strict'
import { test } from 'node:test'
import {
  directoryMediaPath,
  directoryMediaSrcSet,
  mediaFallbackSrc,
  mediaSrcSet,
  mediaThumbSrc,
  mediaWidthsFor,
  parseUploadedUrl,
} from './media.ts'

const id = '0123456789abcdef0123456789abcdef'

test('the widths never go past the original, nor past 1920', () => {
  assert.deepEqual(mediaWidthsFor(4000), [320, 640, 960, 1280, 1920])
  assert.deepEqual(mediaWidthsFor(1920), [320, 640, 960, 1280, 1920])
  assert.deepEqual(mediaWidthsFor(1500), [320, 640, 960, 1280, 1500])
  assert.deepEqual(mediaWidthsFor(640), [320, 640])
  assert.deepEqual(mediaWidthsFor(200), [200])
})

test('an uploaded URL gives its srcset, fallback and thumbnail; any other URL is left alone', () => {
  const url = `/media/u/${id}/1500.webp`
  assert.deepEqual(parseUploadedUrl(url), { id, widths: [320, 640, 960, 1280, 1500] })
  assert.equal(
    mediaSrcSet(url, 'avif'),
    [320, 640, 960, 1280, 1500].map((w) => `/media/u/${id}/${w}.avif ${w}w`).join(', '),
  )
  assert.equal(mediaFallbackSrc(url), `/media/u/${id}/960.webp`)
  assert.equal(mediaThumbSrc(url), `/media/u/${id}/320.webp`)
  assert.equal(mediaFallbackSrc(`/media/u/${id}/200.webp`), `/media/u/${id}/200.webp`)
  for (const other of [
    '/media/products/apple-juice.webp',
    `/media/u/${id}/1500.png`,
    'https://x/media/u/a/1.webp',
  ]) {
    assert.equal(parseUploadedUrl(other), undefined)
    assert.equal(mediaSrcSet(other, 'webp'), undefined)
    assert.equal(mediaFallbackSrc(other), other)
    assert.equal(mediaThumbSrc(other), other)
  }
})

test("a media directory's image gets the ladder of narrowed widths; uploads, other paths and URLs do not", () => {
  assert.equal(
    directoryMediaSrcSet('/media/products/apple-juice.webp'),
    [320, 640, 960, 1280, 1920].map((w) => `/media/w/${w}/products/apple-juice.webp ${w}w`).join(', '),
  )
  assert.equal(directoryMediaPath('/media/brand/logo.png'), 'brand/logo.png')
  for (const other of [
    `/media/u/${id}/1500.webp`,
    '/media/w/320/products/kite.webp',
    '/media/../etc/passwd.png',
    '/media/products/.hidden.webp',
    '/media/products/kite.svg',
    'https://x/media/products/kite.webp',
    '/media/products/kite.webp?x=1',
  ]) {
    assert.equal(directoryMediaSrcSet(other), undefined, other)
  }
})
