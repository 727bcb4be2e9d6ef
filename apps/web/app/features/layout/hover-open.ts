import { useCallback, useRef } from 'react'

/** Spec §9 menu/popover tolerance: how far (px) the pointer may stray from an open submenu before it closes. */
export const HOVER_TOLERANCE = 75

/** Whether the point lies within `tolerance` px of the rectangle. */
export function isNear(
  rect: Pick<DOMRect, 'left' | 'right' | 'top' | 'bottom'>,
  x: number,
  y: number,
  tolerance: number,
) {
  const dx = Math.max(rect.left - x, 0, x - rect.right)
  const dy = Math.max(rect.top - y, 0, y - rect.bottom)
  return Math.hypot(dx, dy) <= tolerance
}

/**
 * A top-level submenu of the desktop bar (a `<details>`) opens when a mouse rests on it and closes only when the
 * pointer goes further than HOVER_TOLERANCE px from it and its list, so a pointer crossing diagonally to the
 * submenu does not close it. Clicks and keys keep working as before; the phone drawer has no hover.
 */
export function useHoverOpen() {
  const cleanup = useRef<(() => void) | null>(null)
  return useCallback((details: HTMLDetailsElement | null) => {
    cleanup.current?.()
    cleanup.current = null
    if (!details?.closest('.menu__bar')) return
    const wide = () => window.matchMedia('(hover: hover) and (min-width: 1360px)').matches
    let watching = false
    const near = (event: PointerEvent) => {
      const list = details.querySelector('.submenu__list')
      const rects = [details.querySelector('summary'), list].flatMap((el) =>
        el ? [el.getBoundingClientRect()] : [],
      )
      return rects.some((rect) => isNear(rect, event.clientX, event.clientY, HOVER_TOLERANCE))
    }
    const onMove = (event: PointerEvent) => {
      if (near(event)) return
      details.open = false
      stopWatching()
    }
    const stopWatching = () => {
      if (watching) document.removeEventListener('pointermove', onMove)
      watching = false
    }
    const onEnter = (event: PointerEvent) => {
      if (event.pointerType !== 'mouse' || !wide()) return
      stopWatching()
      for (const other of details
        .closest('.menu__list')
        ?.querySelectorAll<HTMLDetailsElement>('details[open]') ?? [])
        if (other !== details && !other.contains(details)) other.open = false
      details.open = true
    }
    const onLeave = (event: PointerEvent) => {
      if (event.pointerType !== 'mouse' || !details.open || watching) return
      watching = true
      document.addEventListener('pointermove', onMove)
    }
    details.addEventListener('pointerenter', onEnter)
    details.addEventListener('pointerleave', onLeave)
    cleanup.current = () => {
      stopWatching()
      details.removeEventListener('pointerenter', onEnter)
      details.removeEventListener('pointerleave', onLeave)
    }
  }, [])
}
