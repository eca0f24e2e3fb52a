import '../testing/setup';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from './database';
import { acquireDataDirLock, DataDirLockedError, LOCK_FILE_NAME } from './lock-file';
import { migrate } from './migrate';
import { queryRows } from './query';

const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'kabu-data-'));

describe('data directory lock file', () => {
  let sleeper: ChildProcess | undefined;
  afterEach(() => {
    sleeper?.kill();
    sleeper = undefined;
  });

  it('refuses a second holder with a message naming the holder and the way out', () => {
    const dir = tempDir();
    const lock = acquireDataDirLock(dir);
    try {
      expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
      expect(() => acquireDataDirLock(dir)).toThrow(
        new RegExp(`in use by another Kabu server \\(pid ${process.pid}\\).*different DATA_DIR`),
      );
    } finally {
      lock.release();
    }
    expect(fs.existsSync(path.join(dir, LOCK_FILE_NAME))).toBe(false);
    acquireDataDirLock(dir).release();
  });

  it('refuses while another live process holds the lock', () => {
    const dir = tempDir();
    sleeper = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)'], { stdio: 'ignore' });
    fs.writeFileSync(path.join(dir, LOCK_FILE_NAME), String(sleeper.pid));
    expect(() => acquireDataDirLock(dir)).toThrow(`pid ${sleeper.pid}`);
  });

  it('takes over a lock left by a process that no longer runs', async () => {
    const dir = tempDir();
    const dead = spawn(process.execPath, ['-e', '0'], { stdio: 'ignore' });
    await new Promise((resolve) => dead.on('exit', resolve));
    fs.writeFileSync(path.join(dir, LOCK_FILE_NAME), String(dead.pid));
    const lock = acquireDataDirLock(dir);
    expect(fs.readFileSync(lock.file, 'utf8')).toBe(String(process.pid));
    lock.release();
  });
});

describe('PGlite on a data directory', () => {
  it('fails to open a second time while open, and keeps data across close (CHECKPOINT) and reopen', async () => {
    const dir = tempDir();
    const first = await openDatabase({ kind: 'pglite', dataDir: dir });
    try {
      await migrate(first);
      await first.tx((tx) => tx.execute(sql`UPDATE site_config SET value = 'Persisted' WHERE name = 'title'`));
      await expect(openDatabase({ kind: 'pglite', dataDir: dir })).rejects.toThrow(DataDirLockedError);
    } finally {
      await first.close();
    }
    expect(fs.existsSync(path.join(dir, LOCK_FILE_NAME))).toBe(false);
    const second = await openDatabase({ kind: 'pglite', dataDir: dir });
    try {
      expect(await migrate(second)).toEqual([]);
      const rows = await second.tx((tx) =>
        queryRows<{ value: string }>(tx, sql`SELECT value FROM site_config WHERE name = 'title'`),
      );
      expect(rows[0]!.value).toBe('Persisted');
    } finally {
      await second.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
