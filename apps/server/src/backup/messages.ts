/**
 * What `npm run backup` / `npm run restore` tell the administrator. The commands run outside the
 * server, so the language comes from the shell's LANG: zh* Chinese, en* English, anything else
 * (C, POSIX, unset) both, Chinese first as in the product.
 */
const MESSAGES = {
  usage: {
    zh: '用法：npm run backup [-- <文件>]　|　npm run restore -- <文件> [--force]',
    en: 'usage: npm run backup [-- <file>]  |  npm run restore -- <file> [--force]',
  },
  pglite_in_use: {
    zh: '数据目录 {dir} 正被服务器使用（存在 postmaster.pid）。请先停止服务器；若服务器已被强制终止，确认无进程使用后删除该文件再试。',
    en: 'The data directory {dir} is in use by a server (postmaster.pid exists). Stop the server first; if it was killed, make sure nothing uses the directory, delete that file and try again.',
  },
  pglite_missing: {
    zh: '数据目录 {dir} 中没有数据库。',
    en: 'There is no database in the data directory {dir}.',
  },
  not_app_database: {
    zh: '数据库中没有 schema_migrations 表，不是本系统的数据库。',
    en: 'The database has no schema_migrations table; it is not a database of this application.',
  },
  output_exists: {
    zh: '文件 {file} 已存在，不会覆盖。',
    en: 'The file {file} exists already; it is not overwritten.',
  },
  archive_missing: { zh: '找不到备份文件 {file}。', en: 'The backup file {file} does not exist.' },
  archive_invalid: {
    zh: '{file} 不是有效的备份文件：{reason}',
    en: '{file} is not a valid backup: {reason}',
  },
  checksum: {
    zh: '备份文件已损坏：{name} 的校验和不符。',
    en: 'The backup is damaged: the checksum of {name} does not match.',
  },
  newer_migration: {
    zh: '备份来自较新的版本（数据库迁移 {archive}，本程序只到 {code}）。请先升级程序再恢复。',
    en: 'The backup comes from a newer version (migration {archive}; this code knows up to {code}). Upgrade the application before restoring it.',
  },
  unknown_migration: {
    zh: '备份中的数据库迁移 {version} 与本程序不一致，无法恢复。',
    en: 'Migration {version} of the backup differs from this code; it cannot be restored.',
  },
  schema_mismatch: {
    zh: '备份中的表 {table} 与迁移后的结构不一致（{detail}），无法恢复。',
    en: 'Table {table} of the backup does not match the migrated schema ({detail}); it cannot be restored.',
  },
  count_mismatch: {
    zh: '恢复后表 {table} 有 {got} 行，备份中为 {want} 行；已撤销。',
    en: 'After loading, table {table} has {got} rows where the backup has {want}; undone.',
  },
  not_empty_db: {
    zh: '目标数据库已有 {tables} 张表。恢复会删除并替换其中全部数据；确认后加 --force 重试（建议先备份）。',
    en: 'The target database already holds {tables} tables. Restoring drops and replaces all of its data; add --force to go ahead (back it up first).',
  },
  not_empty_dir: {
    zh: '数据目录 {dir} 不为空。恢复会把它移到 {aside} 并建立新的；确认后加 --force 重试。',
    en: 'The data directory {dir} is not empty. Restoring moves it to {aside} and builds a new one; add --force to go ahead.',
  },
  db_in_use: {
    zh: '还有 {count} 个其他连接在使用目标数据库（服务器是否在运行？）。请先停止服务器。',
    en: '{count} other connections use the target database (is a server running?). Stop the server first.',
  },
  file_missing: {
    zh: '警告：{count} 个附件文件在文件存储中找不到，未能备份：{keys}',
    en: 'warning: {count} attachment files are missing from the file store and were not backed up: {keys}',
  },
  backup_done: {
    zh: '已备份到 {file}：{tables} 张表共 {rows} 行，{files} 个附件，数据库迁移 {migration}。',
    en: 'Backed up to {file}: {rows} rows in {tables} tables, {files} attachments, migration {migration}.',
  },
  restore_done: {
    zh: '已从 {file} 恢复：{rows} 行，{files} 个附件（备份时间 {createdAt}）。所有会话已失效，用户需重新登录。',
    en: 'Restored from {file}: {rows} rows, {files} attachments (backed up at {createdAt}). All sessions are gone; every user signs in again.',
  },
  moved_aside: {
    zh: '原来的 {what} 已移到 {aside}；确认无误后可删除。',
    en: 'The previous {what} was moved to {aside}; delete it once you are satisfied.',
  },
} as const;

export type MessageKey = keyof typeof MESSAGES;
type Lang = 'zh' | 'en';

function langs(env: NodeJS.ProcessEnv = process.env): Lang[] {
  const l = (env.LC_ALL || env.LC_MESSAGES || env.LANG || '').toLowerCase();
  if (l.startsWith('zh')) return ['zh'];
  if (l.startsWith('en')) return ['en'];
  return ['zh', 'en'];
}

export function message(key: MessageKey, params: Record<string, string | number> = {}): string {
  return langs()
    .map((l) =>
      MESSAGES[key][l].replace(/\{(\w+)\}/g, (m, p: string) => (p in params ? String(params[p]) : m)),
    )
    .join('\n');
}

/** A refusal meant for the administrator: the CLI prints its message and exits non-zero. */
export class BackupError extends Error {
  constructor(
    readonly key: MessageKey,
    readonly params: Record<string, string | number> = {},
  ) {
    super(message(key, params));
  }
}
