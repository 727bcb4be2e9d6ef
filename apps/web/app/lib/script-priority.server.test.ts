import assert from 'node:assert/strict'
import { Readable } from 'node:stream'
import { test } from 'node:test'
import { lowPriorityModulePreloads } from './script-priority.server.ts'

async function through(chunks: string[]): Promise<string> {
  const out: Buffer[] = []
  const stream = Readable.from(chunks.map((c) => Buffer.from(c, 'utf8'))).pipe(lowPriorityModulePreloads())
  for await (const chunk of stream) out.push(chunk as Buffer)
  return Buffer.concat(out).toString('utf8')
}

const head =
  '<!DOCTYPE html><html><head><link rel="stylesheet" href="/a.css"/><link rel="modulepreload" href="/e.js"/>' +
  '<title>Größe</title><link rel="modulepreload" href="/r.js"/></head>'
const body = '<body><p>Über <link rel="modulepreload" href="/x.js"/></p></body></html>'
const expected =
  '<!DOCTYPE html><html><head><link rel="stylesheet" href="/a.css"/><link rel="modulepreload" fetchPriority="low" href="/e.js"/>' +
  '<title>Größe</title><link rel="modulepreload" fetchPriority="low" href="/r.js"/></head>' +
  body

test("the head's module preloads get a low priority; the body and other tags pass unchanged", async () => {
  assert.equal(await through([head + body]), expected)
})

test('a tag or a character split between chunks is rewritten all the same', async () => {
  const whole = head + body
  for (let at = 1; at < whole.length; at++) {
    const bytes = Buffer.from(whole, 'utf8')
    const cut = Buffer.byteLength(whole.slice(0, at), 'utf8') + (at % 3 === 0 ? 1 : 0)
    const chunks = [bytes.subarray(0, cut).toString('latin1'), bytes.subarray(cut).toString('latin1')]
    const out: Buffer[] = []
    const stream = Readable.from(chunks.map((c) => Buffer.from(c, 'latin1'))).pipe(
      lowPriorityModulePreloads(),
    )
    for await (const chunk of stream) out.push(chunk as Buffer)
    assert.equal(Buffer.concat(out).toString('utf8'), expected, `split at byte ${cut}`)
  }
})

test('a document without a head end is rewritten up to its end', async () => {
  assert.equal(
    await through(['<head><link rel="module', 'preload" href="/e.js"/>']),
    '<head><link rel="modulepreload" fetchPriority="low" href="/e.js"/>',
  )
})
