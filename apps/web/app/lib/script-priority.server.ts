import { Transform } from 'node:stream'

const PRELOAD = '<link rel="modulepreload"'
const LOW = `${PRELOAD} fetchPriority="low"`
const HEAD_END = '</head>'

/**
 * The page's module preloads at low priority (docs/decisions/0074). React Router's `<Scripts>` names every
 * module of the entry and the page's routes (about 30) as `<link rel="modulepreload">`, which React writes into
 * the head; at their default high priority they compete with the stylesheet and the page's main image for the
 * phone's connection, and the first paint waits for them. The server's HTML already shows the page, the scripts
 * only make it interactive: like React's own bootstrap modules (`fetchPriority: "low"` in react-dom/server),
 * they are fetched after what the first paint needs. Only the head is rewritten; the body streams through as is.
 */
export function lowPriorityModulePreloads(): Transform {
  let carry = ''
  let headDone = false
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      if (headDone) return done(null, chunk)
      // latin1 maps bytes to characters one to one: multi-byte UTF-8 passes through unchanged.
      const text = carry + chunk.toString('latin1')
      const headEnd = text.indexOf(HEAD_END)
      if (headEnd >= 0) {
        headDone = true
        carry = ''
        return done(null, Buffer.from(rewrite(text.slice(0, headEnd)) + text.slice(headEnd), 'latin1'))
      }
      // A tag split between two chunks waits for the next one.
      const open = text.lastIndexOf('<')
      const tail = open >= 0 ? text.slice(open) : ''
      const split = tail.length < PRELOAD.length && (PRELOAD.startsWith(tail) || HEAD_END.startsWith(tail))
      const cut = split ? open : text.length
      carry = text.slice(cut)
      done(null, Buffer.from(rewrite(text.slice(0, cut)), 'latin1'))
    },
    flush(done) {
      done(null, carry ? Buffer.from(rewrite(carry), 'latin1') : undefined)
    },
  })
}

const rewrite = (head: string) => head.replaceAll(PRELOAD, LOW)
