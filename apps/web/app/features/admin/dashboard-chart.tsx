import type { Dashboard } from '@shop/contracts/backoffice-dashboard'
import { toAmount } from '@shop/contracts/money'
import { useEffect, useRef } from 'react'

/**
 * Sales (bars of the left axis) and orders (a line on the right axis) per day, drawn with uPlot in the browser
 * (docs/decisions/0069-dashboard.md). uPlot is loaded here only, after hydration, so it stays in the back
 * office's own chunk; the table of days below the chart carries the same figures for every reader.
 */
export function DashboardChart({
  board,
  labels,
}: {
  board: Dashboard
  labels: { title: string; sales: string; orders: string }
}) {
  const box = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const target = box.current
    if (!target) return
    let plot: { destroy(): void } | undefined
    let cancelled = false
    const observer = new ResizeObserver(
      () => plot && (plot as unknown as { setSize(s: object): void }).setSize(size()),
    )
    const size = () => ({ width: Math.max(280, target.clientWidth), height: 260 })
    void import('uplot').then(({ default: UPlot }) => {
      if (cancelled) return
      const x = board.days.map((d) => Date.parse(`${d.day}T00:00:00Z`) / 1000)
      const sales = board.days.map((d) => toAmount(d.salesMinor, board.currency))
      const orders = board.days.map((d) => d.orders)
      plot = new UPlot(
        {
          ...size(),
          tzDate: (ts) => UPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
          series: [
            {},
            {
              label: labels.sales,
              stroke: '#1f5faa',
              fill: 'rgba(31,95,170,0.25)',
              paths: UPlot.paths.bars?.({ size: [0.7, 40] }),
              scale: 'money',
            },
            { label: labels.orders, stroke: '#b04a00', width: 2, scale: 'count' },
          ],
          axes: [{}, { scale: 'money' }, { scale: 'count', side: 1, grid: { show: false } }],
          scales: {
            x: { time: true },
            money: { range: (_u, _min, max) => [0, Math.max(1, max)] },
            count: { range: (_u, _min, max) => [0, Math.max(1, max)] },
          },
        },
        [x, sales, orders],
        target,
      )
      observer.observe(target)
    })
    return () => {
      cancelled = true
      observer.disconnect()
      plot?.destroy()
    }
  }, [board, labels])
  return <div ref={box} className="admin-chart" role="img" aria-label={labels.title} />
}
