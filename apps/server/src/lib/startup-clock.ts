/**
 * Milliseconds since the process started at each step of the start, wall clock and CPU (all threads: PGlite
 * compiles its WebAssembly on V8's background threads), logged with the "started" line. On a loaded machine
 * the two differ; the CPU figure is the load-independent one (docs/PERFORMANCE.md).
 */
export class StartupClock {
  readonly wall: Record<string, number> = {};
  readonly cpu: Record<string, number> = {};
  readonly mark = (step: string) => {
    const { user, system } = process.cpuUsage();
    this.wall[step] = Math.round(performance.now());
    this.cpu[step] = Math.round((user + system) / 1000);
  };
}
