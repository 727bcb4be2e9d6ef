import type { Product } from '@shop/contracts/catalogue'
import { useCallback, useEffect, useRef, useState } from 'react'
import { useFetcher } from 'react-router'

export interface ListPage {
  products: Product[]
  total: number
  /** First page the answer holds: 1 for a navigation (which loads pages 1..n), n when appending page n. */
  firstPage: number
  /** Last page the answer holds. */
  page: number
  listKey: string
}

/** Spec §9 viewport offset: a tile counts as seen when 15 % of it is on screen. */
const SEEN_RATIO = 0.15

/**
 * Infinite scroll of spec §2 / behaviour notes: a sentinel below the grid loads the next page through a fetcher;
 * `?page=n` follows the page of the last tile seen (history.replaceState), so reload and back return there, and the
 * last seen product is remembered for the session so a fresh open of `?page=n` scrolls back to it.
 */
export function useInfiniteList(initial: ListPage, pageSize: number) {
  const [products, setProducts] = useState(initial.products)
  const [pages, setPages] = useState(initial.page)
  const fetcher = useFetcher<ListPage>()
  const appended = useRef(new Set<string>())

  // A new navigation (category, sort, reload) starts over with what the loader sent.
  useEffect(() => {
    setProducts(initial.products)
    setPages(initial.page)
    appended.current = new Set()
  }, [initial])

  useEffect(() => {
    const next = fetcher.data
    if (fetcher.state !== 'idle' || !next || next.listKey !== initial.listKey) return
    const mark = `${next.listKey}#${next.firstPage}`
    if (appended.current.has(mark)) return
    appended.current.add(mark)
    setProducts((current) => {
      const seen = new Set(current.map((p) => p.id))
      return [...current, ...next.products.filter((p) => !seen.has(p.id))]
    })
    setPages(next.page)
  }, [fetcher.state, fetcher.data, initial.listKey])

  const hasMore = products.length < initial.total
  const loading = fetcher.state !== 'idle'
  const loadMore = useCallback(() => {
    if (loading || !hasMore) return
    const url = new URL(window.location.href)
    url.searchParams.set('page', String(pages + 1))
    url.searchParams.set('append', '1')
    const last = products.at(-1)
    if (last) url.searchParams.set('after', last.id)
    fetcher.load(url.pathname + url.search)
  }, [loading, hasMore, pages, fetcher, products])

  const sentinel = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const node = sentinel.current
    if (!node || !hasMore) return
    const observer = new IntersectionObserver(
      (entries) => entries.some((e) => e.isIntersecting) && loadMore(),
      {
        rootMargin: '0px 0px 400px 0px',
      },
    )
    observer.observe(node)
    return () => observer.disconnect()
  }, [loadMore, hasMore])

  const grid = useRef<HTMLUListElement>(null)
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-observe whenever tiles are added
  useEffect(() => {
    const list = grid.current
    if (!list) return
    const storageKey = `last-seen:${initial.listKey}`
    const observer = new IntersectionObserver(
      (entries) => {
        const seen = entries.filter((e) => e.isIntersecting).map((e) => e.target as HTMLElement)
        const last = seen.sort((a, b) => Number(a.dataset.index) - Number(b.dataset.index)).at(-1)
        if (!last) return
        const page = Math.floor(Number(last.dataset.index) / pageSize) + 1
        const url = new URL(window.location.href)
        if (page > 1) url.searchParams.set('page', String(page))
        else url.searchParams.delete('page')
        if (url.href !== window.location.href) window.history.replaceState(window.history.state, '', url)
        sessionStorage.setItem(storageKey, last.dataset.productId ?? '')
      },
      { threshold: SEEN_RATIO },
    )
    for (const tile of list.querySelectorAll('[data-product-id]')) observer.observe(tile)
    return () => observer.disconnect()
  }, [products, initial.listKey, pageSize])

  // Opening `?page=n` fresh (no scroll position to restore): go back to the last product seen on page n.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per navigation
  useEffect(() => {
    if (initial.page < 2 || window.scrollY > 50) return
    const id = sessionStorage.getItem(`last-seen:${initial.listKey}`)
    const tiles = grid.current?.querySelectorAll<HTMLElement>('[data-product-id]')
    if (!tiles) return
    const target =
      Array.from(tiles).find((tile) => id && tile.dataset.productId === id) ??
      tiles[(initial.page - 1) * pageSize]
    target?.scrollIntoView({ block: 'center' })
  }, [initial])

  return { products, pages, hasMore, loading, loadMore, sentinel, grid }
}
