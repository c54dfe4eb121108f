/**
 * Preloaded into a timed command (`node --import tsx --import bench/lib/exit-peak.ts …`): when the process
 * exits, writes its peak resident set (getrusage ru_maxrss, the same figure as VmHWM, in kB) to the file
 * named by BENCH_PEAK_FILE. /proc/<pid>/status is gone by the time the parent sees the exit, so this is
 * how the harness gets the peak at exit rather than at its last 50 ms poll.
 */
import { writeFileSync } from 'node:fs';

const file = process.env.BENCH_PEAK_FILE;
if (file) {
  process.on('exit', () => {
    writeFileSync(file, String(process.resourceUsage().maxRSS));
  });
}
