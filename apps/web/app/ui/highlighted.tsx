import { Fragment } from 'react'

/** Text with the given [start, end) ranges marked (the words a search matched). */
export function Highlighted({ text, ranges }: { text: string; ranges?: Array<[number, number]> }) {
  if (!ranges || ranges.length === 0) return <>{text}</>
  const parts: Array<{ text: string; mark: boolean; at: number }> = []
  let at = 0
  for (const [start, end] of [...ranges].sort((a, b) => a[0] - b[0])) {
    if (start < at || end > text.length || end <= start) continue
    if (start > at) parts.push({ text: text.slice(at, start), mark: false, at })
    parts.push({ text: text.slice(start, end), mark: true, at: start })
    at = end
  }
  if (at < text.length) parts.push({ text: text.slice(at), mark: false, at })
  return (
    <>
      {parts.map((p) =>
        p.mark ? <mark key={p.at}>{p.text}</mark> : <Fragment key={p.at}>{p.text}</Fragment>,
      )}
    </>
  )
}
