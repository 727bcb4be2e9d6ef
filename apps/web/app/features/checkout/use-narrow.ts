import { useEffect, useState } from 'react'

/** Phones (narrow viewports): the wizard swaps its first two steps and shows an order preview. */
export const NARROW_QUERY = '(max-width: 640px)'

export function useNarrow(): boolean {
  const [narrow, setNarrow] = useState(false)
  useEffect(() => {
    const query = window.matchMedia(NARROW_QUERY)
    setNarrow(query.matches)
    const onChange = () => setNarrow(query.matches)
    query.addEventListener('change', onChange)
    return () => query.removeEventListener('change', onChange)
  }, [])
  return narrow
}
