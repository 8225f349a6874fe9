/**
 * What must not outlive the process: cleanups run when it exits or is ended by SIGINT, SIGTERM
 * or SIGHUP (the signal is then raised again when nothing else handles it), and whether another
 * process still runs. The handlers are installed only while a cleanup is registered. Used by the
 * output writer's temporary files (./output-temp.ts) and the data folder's lock (src/data/lock.ts).
 */

const cleanups = new Set<() => void>();
const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

function runAll(): void {
  for (const cleanup of cleanups) cleanup();
  cleanups.clear();
  unhook();
}

function onSignal(sig: NodeJS.Signals): void {
  runAll();
  if (process.listenerCount(sig) === 0) process.kill(process.pid, sig);
}

function unhook(): void {
  process.off('exit', runAll);
  for (const sig of SIGNALS) process.off(sig, onSignal);
}

/**
 * Runs `cleanup` (which must throw nothing) if the process exits or is ended by a signal before
 * the returned function is called; that function forgets it (it does not run it).
 */
export function onProcessEnd(cleanup: () => void): () => void {
  const entry = (): void => cleanup();
  if (cleanups.size === 0) {
    process.on('exit', runAll);
    for (const sig of SIGNALS) process.on(sig, onSignal);
  }
  cleanups.add(entry);
  return () => {
    cleanups.delete(entry);
    if (cleanups.size === 0) unhook();
  };
}

/** Whether a process with this id runs on this host (EPERM: it does, under another user). */
export function processRuns(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
