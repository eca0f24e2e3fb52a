/**
 * An exclusive lock file on the data directory. PGlite has no multi-process protection: a second
 * server on the same directory would silently lose writes. So the second process fails at start
 * with a message naming the holder. A lock left by a crashed process (its pid no longer runs) is
 * taken over.
 */
import fs from 'node:fs';
import path from 'node:path';

export const LOCK_FILE_NAME = 'kabu.lock';

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holderPid: number,
  ) {
    super(
      `The data directory ${dataDir} is in use by another Kabu server (pid ${holderPid}). ` +
        'Stop that server, or start this one with a different DATA_DIR.',
    );
    this.name = 'DataDirLockedError';
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM means the process exists but belongs to someone else: still a live holder.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export interface DataDirLock {
  readonly file: string;
  release(): void;
}

/** Takes the lock or throws DataDirLockedError. */
export function acquireDataDirLock(dataDir: string): DataDirLock {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_FILE_NAME);
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const fd = fs.openSync(file, 'wx');
      fs.writeSync(fd, String(process.pid));
      fs.closeSync(fd);
      let released = false;
      return {
        file,
        release() {
          if (released) return;
          released = true;
          try {
            if (fs.readFileSync(file, 'utf8').trim() === String(process.pid)) fs.unlinkSync(file);
          } catch {
            // Already gone: nothing to release.
          }
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number.parseInt(fs.readFileSync(file, 'utf8').trim(), 10);
      if (Number.isInteger(holder) && holder > 0 && isRunning(holder)) throw new DataDirLockedError(dataDir, holder);
      // Stale lock from a process that died: remove it and try once more (a racing starter that
      // wins the re-create makes our second openSync fail with EEXIST and a live holder).
      fs.rmSync(file, { force: true });
    }
  }
  throw new DataDirLockedError(dataDir, Number.parseInt(fs.readFileSync(file, 'utf8'), 10));
}
