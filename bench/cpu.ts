import { readdirSync, readFileSync } from 'node:fs'

/**
 * CPU time (user + system) of processes on this machine, from `/proc`, in milliseconds: a benchmark reads it before
 * and after its counted run and divides by the operations, so a figure that moves with the host's phase (orders
 * per second) has one beside it that moves less (CPU per order). Processes that have gone count zero.
 */
export function cpuMs(pids: number[]): number {
  const hz = 100 // Linux's USER_HZ, the unit of /proc/<pid>/stat's times
  let ticks = 0
  for (const pid of pids) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? []
      ticks += Number(fields[11] ?? 0) + Number(fields[12] ?? 0)
    } catch {
      // gone meanwhile
    }
  }
  return (ticks * 1000) / hz
}

/** The PostgreSQL server's processes on this machine (none when it runs elsewhere). */
export function postgresPids(): number[] {
  const pids: number[] = []
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres') pids.push(Number(entry))
    } catch {
      // gone meanwhile
    }
  }
  return pids
}
