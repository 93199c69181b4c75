import { closeSync, createReadStream, openSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import {
  applyMigration,
  createMigrationsTable,
  createSeedRunsTable,
  type Db,
  type Migration,
  type Tx,
} from '@mes/engine-server';
import { userSession } from '@mes/model';
import { type RawBuilder, sql } from 'kysely';
import { BackupError } from './messages';

/**
 * The database part of a backup in the app's own format, the same for PGlite and PostgreSQL (so
 * either restores into the other, and no pg_dump of the right major version is needed): every
 * table of the schema as one file of `to_jsonb` rows, one per line. JSON text is parsed back by
 * PostgreSQL itself (jsonb_populate_recordset), never by JavaScript, so numerics keep every digit.
 */

/** Sessions are not backed up: a restored database starts with every user signed out. */
export const SKIPPED_TABLES: readonly string[] = [userSession.table];

export const tableFile = (table: string) => `db/${table}.jsonl`;

export interface TableDump {
  rows: number;
  columns: string[];
}

export interface DatabaseDump {
  migrations: { version: string; name: string }[];
  tables: Record<string, TableDump>;
  /** Sequences that have handed out values, with the last one. */
  sequences: { name: string; value: string }[];
  /** File store keys of the attachments. */
  attachmentKeys: string[];
}

/**
 * Ordinary tables of the app's schema with their columns in order, without the migration record;
 * generated columns are left out, PostgreSQL computes them again on insert.
 */
export async function schemaTables(ex: Db | Tx): Promise<Map<string, string[]>> {
  const { rows } = await sql<{ t: string; c: string }>`SELECT c.relname AS t, a.attname AS c
    FROM pg_class c JOIN pg_attribute a ON a.attrelid = c.oid
    WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind = 'r' AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
      AND c.relname <> 'schema_migrations'
    ORDER BY c.relname, a.attnum`.execute(ex);
  const out = new Map<string, string[]>();
  for (const r of rows) out.set(r.t, [...(out.get(r.t) ?? []), r.c]);
  return out;
}

const BATCH_ROWS = 1000;
const BATCH_BYTES = 4 * 1024 * 1024;

/**
 * Writes every table into `dir` from one snapshot (REPEATABLE READ), so that the ledger and the
 * balances in the backup belong to the same moment even while the server keeps posting.
 */
export async function dumpDatabase(db: Db, dir: string): Promise<DatabaseDump> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (tx) => {
      const has = await sql<{
        ok: boolean;
      }>`SELECT to_regclass('schema_migrations') IS NOT NULL AS ok`.execute(tx);
      if (!has.rows[0].ok) throw new BackupError('not_app_database');
      const migrations = (
        await sql<{
          version: string;
          name: string;
        }>`SELECT version, name FROM schema_migrations ORDER BY version`.execute(tx)
      ).rows;
      const tables: Record<string, TableDump> = {};
      for (const [table, columns] of await schemaTables(tx)) {
        const fd = openSync(join(dir, tableFile(table)), 'wx');
        let rows = 0;
        try {
          if (!SKIPPED_TABLES.includes(table)) {
            await sql`DECLARE dump NO SCROLL CURSOR FOR SELECT to_jsonb(dump_row)::text AS j FROM ${sql.id(table)} dump_row`.execute(
              tx,
            );
            for (;;) {
              const batch = await sql<{ j: string }>`FETCH ${sql.raw(String(BATCH_ROWS))} FROM dump`.execute(
                tx,
              );
              if (batch.rows.length) writeSync(fd, `${batch.rows.map((r) => r.j).join('\n')}\n`);
              rows += batch.rows.length;
              if (batch.rows.length < BATCH_ROWS) break;
            }
            await sql`CLOSE dump`.execute(tx);
          }
        } finally {
          closeSync(fd);
        }
        tables[table] = { rows, columns };
      }
      const sequences = (
        await sql<{ name: string; value: string }>`SELECT sequencename AS name, last_value::text AS value
          FROM pg_sequences WHERE schemaname = current_schema() AND last_value IS NOT NULL ORDER BY 1`.execute(
          tx,
        )
      ).rows;
      const attachmentKeys =
        'attachment' in tables
          ? (
              await sql<{ k: string }>`SELECT file_path AS k FROM attachment ORDER BY id`.execute(tx)
            ).rows.map((r) => r.k)
          : [];
      return { migrations, tables, sequences, attachmentKeys };
    });
}

/** How many ordinary tables the schema holds (the migration record included): zero for an empty database. */
export async function tableCount(ex: Db | Tx): Promise<number> {
  const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_class
    WHERE relnamespace = current_schema()::regnamespace AND relkind = 'r'`.execute(ex);
  return rows[0].n;
}

/** What an extension installed in the schema is the extension's, not the app's. */
const ofExtension = (oid: RawBuilder<unknown>) =>
  sql`SELECT 1 FROM pg_depend d WHERE d.objid = ${oid} AND d.deptype = 'e'`;

/**
 * Drops everything the migrations may have made in the schema (tables with their triggers,
 * indexes and identities; other relations; functions; types), so that migrating starts from
 * nothing. Object by object rather than DROP SCHEMA, which would need the schema's owner and lose
 * its grants.
 */
async function dropSchemaObjects(tx: Tx): Promise<void> {
  // tables first: their identity sequences go with them and cannot be dropped on their own
  const { rows } = await sql<{ kind: string; name: string }>`SELECT kind, name FROM (
    SELECT CASE c.relkind WHEN 'r' THEN 0 WHEN 'p' THEN 0 ELSE 1 END AS ord, CASE c.relkind WHEN 'v' THEN 'VIEW'
        WHEN 'm' THEN 'MATERIALIZED VIEW' WHEN 'S' THEN 'SEQUENCE' WHEN 'f' THEN 'FOREIGN TABLE' ELSE 'TABLE' END AS kind,
      format('%I', c.relname) AS name
    FROM pg_class c WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind IN ('r', 'p', 'v', 'm', 'S', 'f')
      AND NOT (c.relkind = 'r' AND c.relispartition) AND NOT EXISTS (${ofExtension(sql`c.oid`)})
    UNION ALL
    SELECT 2, CASE p.prokind WHEN 'p' THEN 'PROCEDURE' WHEN 'a' THEN 'AGGREGATE' ELSE 'FUNCTION' END,
      p.oid::regprocedure::text
    FROM pg_proc p WHERE p.pronamespace = current_schema()::regnamespace AND NOT EXISTS (${ofExtension(sql`p.oid`)})
    UNION ALL
    SELECT 3, CASE t.typtype WHEN 'd' THEN 'DOMAIN' ELSE 'TYPE' END, format('%I', t.typname)
    FROM pg_type t WHERE t.typnamespace = current_schema()::regnamespace AND t.typtype IN ('e', 'd', 'r', 'c')
      AND (t.typtype <> 'c' OR (SELECT relkind FROM pg_class WHERE oid = t.typrelid) = 'c')
      AND NOT EXISTS (${ofExtension(sql`t.oid`)})
    ) o ORDER BY ord`.execute(tx);
  // CASCADE may already have taken an object listed later
  for (const r of rows) await sql.raw(`DROP ${r.kind} IF EXISTS ${r.name} CASCADE`).execute(tx);
}

async function loadTable(tx: Tx, table: string, columns: string[], file: string): Promise<void> {
  const list = sql.join(columns.map((c) => sql.id(c)));
  let batch: string[] = [];
  let bytes = 0;
  const flush = async () => {
    if (!batch.length) return;
    const json = `[${batch.join(',')}]`;
    batch = [];
    bytes = 0;
    await sql`INSERT INTO ${sql.id(table)} (${list})
      SELECT ${list} FROM jsonb_populate_recordset(NULL::${sql.id(table)}, ${json}::jsonb)`.execute(tx);
  };
  for await (const line of createInterface({
    input: createReadStream(file),
    crlfDelay: Number.POSITIVE_INFINITY,
  })) {
    if (!line) continue;
    batch.push(line);
    bytes += line.length;
    if (batch.length >= BATCH_ROWS || bytes >= BATCH_BYTES) await flush();
  }
  await flush();
}

/**
 * Replaces everything in the schema by the backup in `dir`, inside the caller's transaction: drops
 * every table, migrates up to the backup's version, loads the rows with the foreign keys set aside
 * (tables refer to each other in circles), puts them back (which checks every row again) and sets
 * the sequences. The caller migrates the rest afterwards.
 */
export async function loadDatabase(
  tx: Tx,
  dir: string,
  dump: Omit<DatabaseDump, 'attachmentKeys'>,
  migrations: Migration[],
): Promise<void> {
  await dropSchemaObjects(tx);
  await createMigrationsTable(tx);
  for (const m of migrations) await applyMigration(tx, m);
  // made by the server at start: its rows keep a restored demo database from being seeded again
  await createSeedRunsTable(tx);

  const schema = await schemaTables(tx);
  // a table the backup lacks stays empty (seed_runs of a database no server has started on); one it
  // has that the schema lacks, or other columns, mean other modules or a hand-made change: refused
  for (const table of Object.keys(dump.tables)) {
    const want = dump.tables[table].columns.join(',');
    const got = schema.get(table)?.join(',') ?? '';
    if (want !== got)
      throw new BackupError('schema_mismatch', {
        table,
        detail: `${want || '-'} ≠ ${got || '-'}`,
      });
  }
  const fks = (
    await sql<{ t: string; name: string; def: string }>`SELECT conrelid::regclass::text AS t, conname AS name,
        pg_get_constraintdef(oid) AS def
      FROM pg_constraint WHERE contype = 'f' AND connamespace = current_schema()::regnamespace ORDER BY 1, 2`.execute(
      tx,
    )
  ).rows;
  for (const fk of fks)
    await sql`ALTER TABLE ${sql.raw(fk.t)} DROP CONSTRAINT ${sql.id(fk.name)}`.execute(tx);
  // migrations may have seeded rows of their own; the backup's rows are the whole truth
  if (schema.size) await sql`TRUNCATE ${sql.join([...schema.keys()].map((t) => sql.id(t)))}`.execute(tx);
  for (const [table, info] of Object.entries(dump.tables))
    if (info.rows > 0) await loadTable(tx, table, info.columns, join(dir, tableFile(table)));
  for (const fk of fks)
    await sql`ALTER TABLE ${sql.raw(fk.t)} ADD CONSTRAINT ${sql.id(fk.name)} ${sql.raw(fk.def)}`.execute(tx);
  for (const s of dump.sequences)
    await sql`SELECT setval(format('%I', ${s.name}::text)::regclass, ${s.value}::bigint, true)`.execute(tx);

  for (const [table, info] of Object.entries(dump.tables)) {
    const { rows } = await sql<{ n: string }>`SELECT count(*)::text AS n FROM ${sql.id(table)}`.execute(tx);
    if (Number(rows[0].n) !== info.rows)
      throw new BackupError('count_mismatch', { table, got: rows[0].n, want: info.rows });
  }
}
