import { useEffect, useState } from 'react'
import { useT } from '../../lib/shop.ts'

/** Appears once the shopper has scrolled a screen down; goes back up and moves focus to the page heading. */
export function BackToTop({ targetId }: { targetId: string }) {
  const t = useT()
  const [visible, setVisible] = useState(false)
  useEffect(() => {
    const update = () => setVisible(window.scrollY > window.innerHeight)
    update()
    window.addEventListener('scroll', update, { passive: true })
    return () => window.removeEventListener('scroll', update)
  }, [])
  if (!visible) return null
  return (
    <button
      type="button"
      className="back-to-top button button--secondary"
      onClick={() => {
        const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches
        window.scrollTo({ top: 0, behavior: smooth ? 'smooth' : 'auto' })
        document.getElementById(targetId)?.focus({ preventScroll: true })
      }}
    >
      <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24">
        <path fill="currentColor" d="M12 4 4 12l1.4 1.4 5.6-5.6V20h2V7.8l5.6 5.6L20 12z" />
      </svg>
      <span>{t('BACK_TO_TOP')}</span>
    </button>
  )
}
