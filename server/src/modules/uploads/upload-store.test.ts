/**
 * Where uploads' bytes are kept (issue 34 points 5 and 7): PostgreSQL keeps them in upload_blobs (every instance
 * reads them; many-instances.test.ts), the embedded default in DATA_DIR/uploads (UPLOADS_DIR overrides it), never
 * the system temp folder; a folder store names each file by its random id, 0600 in a 0700 folder.
 */
import '../../testing/setup';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/query';
import { chooseUploadStore } from '../../plugins/uploads';
import { TINY_PNG, postMultipart } from '../../testing/accounts';
import { startTestApp, type TestApp } from '../../testing/app';
import { testBackends } from '../../testing/backends';
import { OPEN_TIME, moneyReadyUser } from '../../testing/money';
import { post } from '../../testing/users';

describe('the upload store chosen at start', () => {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'kabu-store-choice-'));
  afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

  it('is the database with PostgreSQL, whatever folder is given', () => {
    expect(chooseUploadStore({ kind: 'postgres' }, undefined).kind).toBe('database');
    expect(chooseUploadStore({ kind: 'postgres' }, path.join(scratch, 'ignored')).kind).toBe('database');
    expect(fs.existsSync(path.join(scratch, 'ignored'))).toBe(false);
  });

  it('is DATA_DIR/uploads for the embedded database on disk, or the folder given', () => {
    const dataDir = path.join(scratch, 'data');
    const embedded = chooseUploadStore({ kind: 'pglite', dataDir }, undefined);
    expect(embedded).toMatchObject({ kind: 'folder', dir: path.join(dataDir, 'uploads') });
    expect(fs.statSync(path.join(dataDir, 'uploads')).mode & 0o777).toBe(0o700);
    const given = chooseUploadStore({ kind: 'pglite', dataDir }, path.join(scratch, 'elsewhere'));
    expect(given).toMatchObject({ kind: 'folder', dir: path.join(scratch, 'elsewhere') });
  });

  it('is the database for an in-memory database without a folder (the bytes go with it)', () => {
    expect(chooseUploadStore({ kind: 'pglite' }, undefined).kind).toBe('database');
  });
});

describe.each(testBackends().filter((backend) => backend.name === 'pglite'))('the folder store on $name', (backend) => {
  const folder = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'kabu-folder-store-')), 'uploads');
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend, { now: () => OPEN_TIME, uploadsDir: folder });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(path.dirname(folder), { recursive: true, force: true });
  });

  it('keeps a proof as a 0600 file named by its random id, served to its owner', async () => {
    expect(t.app.uploads).toMatchObject({ kind: 'folder', dir: folder });
    const owner = await moneyReadyUser(t.app);
    const deposit = await postMultipart(
      t.app,
      '/funds/deposit',
      { amount: '100000', currency: 'JPY', channel_id: 'jp-mufg' },
      { proof: { data: TINY_PNG, filename: 'proof.png', contentType: 'image/png' } },
      owner.headers,
    );
    expect(deposit.body.status).toBe(1);
    const [record] = (await post(t.app, '/funds/deposits', {}, owner.headers)).body.data;
    expect(fs.readdirSync(folder)).toEqual([record.proof_id]);
    const file = path.join(folder, record.proof_id);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.readFileSync(file).equals(TINY_PNG)).toBe(true);
    const blobs = await t.app.db.tx((tx) => queryRows(tx, sql`SELECT id FROM upload_blobs`));
    expect(blobs).toEqual([]);
    const own = await post(t.app, '/user/image', { id: record.proof_id }, owner.headers);
    expect(Buffer.from(own.body.data.data_url.split(',')[1], 'base64').equals(TINY_PNG)).toBe(true);
  });
});
