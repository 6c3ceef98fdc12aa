import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

/**
 * The CPU time a server spends per request, read from Linux's /proc: the processes that hold a
 * port's listening socket (every nginx worker and its master, a service's one process) and their
 * user + system time. Under load on a machine whose cores the load generator shares, req/s moves
 * with the scheduler; the CPU a request costs each process does not, and it says which process
 * a proxied request's time goes to. Empty where /proc cannot tell (another OS, no permission).
 */
export interface ServerProcesses {
  port: number;
  /** The processes' name (`nginx`, `node`). */
  name: string;
  pids: number[];
}

/** The processes listening on each port (none found: left out). */
export function listeners(ports: number[]): ServerProcesses[] {
  try {
    const inodes = new Map<string, number>();
    for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
      for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
        const fields = line.trim().split(/\s+/);
        // local address "0100007F:0BB9", state 0A = LISTEN, inode in column 10.
        if (fields.length < 10 || fields[3] !== '0A') continue;
        const port = parseInt(fields[1]!.split(':')[1]!, 16);
        if (ports.includes(port)) inodes.set(`socket:[${fields[9]}]`, port);
      }
    }
    const byPort = new Map<number, Set<number>>();
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      let fds: string[];
      try {
        fds = readdirSync(`/proc/${entry}/fd`);
      } catch {
        continue;
      }
      for (const fd of fds) {
        let target: string;
        try {
          target = readlinkSync(`/proc/${entry}/fd/${fd}`);
        } catch {
          continue;
        }
        const port = inodes.get(target);
        if (port !== undefined) (byPort.get(port) ?? byPort.set(port, new Set()).get(port)!).add(Number(entry));
      }
    }
    return ports.flatMap((port) => {
      const pids = [...(byPort.get(port) ?? [])];
      if (pids.length === 0) return [];
      return [{ port, name: readFileSync(`/proc/${pids[0]}/comm`, 'utf8').trim(), pids }];
    });
  } catch {
    return [];
  }
}

let ticksPerSecond: number | undefined;

/** User + system CPU milliseconds the processes have used so far (exited ones count 0). */
export function cpuMs(pids: number[]): number {
  ticksPerSecond ??= Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;
  let ticks = 0;
  for (const pid of pids) {
    try {
      // `pid (comm) state …`: comm may hold spaces and parentheses, so read after its last `)`;
      // from there state is field 3, utime 14 and stime 15.
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // gone
    }
  }
  return (1000 * ticks) / ticksPerSecond;
}
