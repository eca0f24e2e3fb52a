import '../testing/setup';
import { sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { testBackends } from '../testing/backends';
import { useMigratedDatabase } from '../testing/database';
import { queryRows } from './query';
import * as schema from './schema';

/** The migrator's own bookkeeping table (db/migrate.ts), not part of the app's schema. */
const MIGRATOR_TABLES = new Set(['schema_migrations']);

interface ColumnShape {
  type: string;
  nullable: boolean;
}

type Shapes = Record<string, Record<string, ColumnShape>>;

/** Every table and column schema.ts declares: `numeric(38, 8)`, `timestamp with time zone`, … */
function declaredShapes(): Shapes {
  const shapes: Shapes = {};
  for (const value of Object.values(schema)) {
    if (!(value instanceof PgTable)) continue;
    const config = getTableConfig(value);
    const columns: Record<string, ColumnShape> = {};
    for (const column of config.columns) {
      columns[column.name] = { type: column.getSQLType(), nullable: !column.notNull };
    }
    shapes[config.name] = columns;
  }
  return shapes;
}

interface InformationSchemaColumn {
  table_name: string;
  column_name: string;
  data_type: string;
  is_nullable: 'YES' | 'NO';
  numeric_precision: number | null;
  numeric_scale: number | null;
}

/** The same shapes read back from a freshly migrated database (domains answer their base type). */
function migratedShapes(rows: InformationSchemaColumn[]): Shapes {
  const shapes: Shapes = {};
  for (const row of rows) {
    if (MIGRATOR_TABLES.has(row.table_name)) continue;
    const type =
      row.data_type === 'numeric' && row.numeric_precision !== null
        ? `numeric(${row.numeric_precision}, ${row.numeric_scale})`
        : row.data_type;
    (shapes[row.table_name] ??= {})[row.column_name] = { type, nullable: row.is_nullable === 'YES' };
  }
  return shapes;
}

describe.each(testBackends())('db/schema.ts against the migrations on $name', (backend) => {
  const database = useMigratedDatabase(backend);

  it('declares every table and column of the migrations with its type and nullability', async () => {
    const rows = await database.db.tx((tx) =>
      queryRows<InformationSchemaColumn>(
        tx,
        sql`SELECT c.table_name::text, c.column_name::text, c.data_type::text, c.is_nullable::text,
                   c.numeric_precision::int, c.numeric_scale::int
            FROM information_schema.columns c
            JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
            WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE'
            ORDER BY c.table_name, c.ordinal_position`,
      ),
    );
    const migrated = migratedShapes(rows);
    expect(Object.keys(migrated).length).toBeGreaterThanOrEqual(28);
    expect(declaredShapes()).toEqual(migrated);
  });
});
