// Sizes libuv's thread pool for the decode workers; must come before anything uses the pool.
import './threadPool';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { buildApp } from './app';
import { loadConfig, trustProxyWarnings } from './config';
import { openDatabase } from './db/client';
import { migrateFromPglite, needsPgliteMigration, pgliteDirOf } from './ops/pgliteMigration';
import { seed } from './seed/seed';
import { purgeExpiredCaptchas } from './services/accounts/captcha';
import { purgeOldLogs } from './jobs/logRetention';
import { purgeExpiredSessions } from './services/accounts/sessions';
import { policyOf, purgeOldFailures } from './services/accounts/signInGuard';
import { storageFromConfig } from './lib/storage';
import { hashPendingUploads } from './jobs/photoHashBackfill';
import { DUE_REMINDERS_EVERY_MS, sendDueTomorrowReminders } from './jobs/taskDueReminders';
import { purgeUnusedUploads } from './jobs/uploadCleanup';

/** Purge jobs run this often; each process runs them, the deletes are idempotent. */
const PURGE_EVERY_MS = 3600_000;
/** Uploads from before photo hashes are hashed in rounds this far apart (ADR 0027). */
const HASH_BACKLOG_EVERY_MS = 600_000;

function ensureClientBuilt(clientDir: string) {
  if (fs.existsSync(path.join(clientDir, 'index.html'))) return;
  console.log('未找到前端构建产物（dist/），正在构建，约需一分钟……');
  const result = spawnSync('npm', ['run', 'build'], { stdio: 'inherit', shell: process.platform === 'win32' });
  if (result.status !== 0) {
    console.error('前端构建失败，请查看上方输出。');
    process.exit(1);
  }
}

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    // A wrong setting (e.g. LOG_RETENTION_DAYS below 180) stops the start with its own message.
    console.error(`配置错误：${(error as Error).message}`);
    process.exit(1);
  }
  if (config.clientDir && process.env.SKIP_CLIENT_BUILD !== '1') ensureClientBuilt(config.clientDir);

  let database;
  try {
    database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, timeoutMs: config.dbTimeoutMs });
  } catch (error) {
    const where = config.databaseUrl ? 'DATABASE_URL 指向的 PostgreSQL' : `数据目录 ${config.dataDir}`;
    console.error(`无法连接数据库（${where}）：${(error as Error)?.message || String(error)}`);
    console.error('Cannot open the database. Check DATABASE_URL or DATA_DIR and try again.');
    process.exit(1);
  }

  if (database.kind === 'embedded' && needsPgliteMigration(config.dataDir)) {
    // A data directory of a release before the embedded PostgreSQL (ADR 0038): moved once.
    const oldDir = pgliteDirOf(config.dataDir);
    console.log(`发现旧版本的内置数据库（${oldDir}），正在迁移到新的内置 PostgreSQL，请勿中断……`);
    try {
      const moved = await migrateFromPglite(config.dataDir, database.url);
      console.log(
        `迁移完成：${moved.tables} 张表、${moved.rows} 行，每张表的行数与校验和均已核对一致，用时 ${(moved.ms / 1000).toFixed(1)} 秒。\n` +
          `旧目录 ${oldDir} 仍保留，确认数据无误后可自行删除。`,
      );
    } catch (error) {
      console.error(`旧数据库迁移失败：${(error as Error).message}\n旧目录 ${oldDir} 未被改动；下次启动会重新迁移。`);
      await database.close();
      process.exit(1);
    }
  }
  await database.migrate();
  const storage = storageFromConfig(config);
  if (storage.check) {
    try {
      await storage.check();
    } catch (error) {
      console.error(
        `无法访问对象存储（S3_ENDPOINT=${config.storage.kind === 's3' ? config.storage.endpoint : ''}）：${(error as Error).message}`,
      );
      console.error('Cannot reach the object storage. Check STORAGE and the S3_* settings.');
      await database.close();
      process.exit(1);
    }
  }
  const seeded = await seed(database.db, {
    storage,
    adminPassword: config.adminPassword,
    demoPassword: config.demoPassword,
    // Demo content only on a new embedded database, never on a real PostgreSQL.
    demo: config.seedDemo && database.kind === 'embedded',
  });

  const app = await buildApp({ config, db: database.db, storage });
  const policy = { idleMinutes: config.sessionIdleMinutes, absoluteHours: config.sessionAbsoluteHours };
  await purgeExpiredSessions(database.db, policy);
  const purgeLogs = () =>
    purgeOldLogs(database.db, config.logRetentionDays)
      .then((purged) => {
        if (purged.operationLogs || purged.loginLogs) app.log.info({ purged, days: config.logRetentionDays }, 'old logs purged');
      })
      .catch((err) => app.log.warn({ err }, 'log purge failed'));
  const purgeUploads = () =>
    purgeUnusedUploads(database.db, storage, { onFileError: (name, err) => app.log.warn({ err, name }, 'unused upload file not removed') })
      .then((purged) => {
        if (purged) app.log.info({ purged }, 'unused uploads deleted');
      })
      .catch((err) => app.log.warn({ err }, 'unused upload purge failed'));
  let hashRound: Promise<void> | undefined;
  // One round at a time: a long backlog may outlast the interval.
  const hashBacklog = () =>
    (hashRound ??= hashPendingUploads(database.db, storage, app.imageDecodes, app.decodeWorkers, {
      onError: (uploadId, err) => app.log.warn({ err, uploadId }, 'photo hash: stored file unreadable'),
    })
      .then((hashed) => {
        if (hashed) app.log.info({ hashed }, 'earlier photos hashed for the duplicate check');
      })
      .catch((err) => app.log.warn({ err }, 'photo hash round failed'))
      .finally(() => {
        hashRound = undefined;
      }));
  // Not awaited: a first purge of a large backlog must not hold up the start.
  void purgeLogs();
  void purgeUploads();
  void hashBacklog();
  const remindDue = () =>
    sendDueTomorrowReminders(database.db)
      .then((written) => {
        if (written) app.log.info({ written }, 'deadline reminders written');
      })
      .catch((err) => app.log.warn({ err }, 'deadline reminders failed'));
  void remindDue();
  const reminding = setInterval(() => void remindDue(), DUE_REMINDERS_EVERY_MS);
  reminding.unref();
  const hashing = setInterval(() => void hashBacklog(), HASH_BACKLOG_EVERY_MS);
  hashing.unref();
  const purge = setInterval(() => {
    purgeExpiredSessions(database.db, policy).catch((err) => app.log.warn({ err }, 'session purge failed'));
    purgeExpiredCaptchas(database.db).catch((err) => app.log.warn({ err }, 'captcha purge failed'));
    purgeOldFailures(database.db, policyOf(config)).catch((err) => app.log.warn({ err }, 'sign-in count purge failed'));
    void purgeLogs();
    void purgeUploads();
  }, PURGE_EVERY_MS);
  purge.unref();

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    clearInterval(purge);
    clearInterval(hashing);
    clearInterval(reminding);
    await app.close();
    // Stops the embedded PostgreSQL too (a fast shutdown: committed work is on disk).
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  for (const warning of trustProxyWarnings(config)) console.warn(warning);
  if (seeded.generatedAdminPassword || seeded.generatedDemoPassword) {
    console.log('\n==============================================================');
    if (seeded.generatedAdminPassword) {
      console.log(' 已创建超级管理员账号 admin，初始密码（只显示这一次，请妥善保存）：');
      console.log(`   ${seeded.generatedAdminPassword}`);
      console.log(' 首次登录后须先修改此密码。');
    }
    if (seeded.generatedDemoPassword) {
      console.log(' 演示账号（staff01 等，见 README）的密码，本次安装专用（只显示这一次）：');
      console.log(`   ${seeded.generatedDemoPassword}`);
    }
    console.log('==============================================================\n');
  }
  if (seeded.seededDemo) {
    console.log('已写入演示账号与演示数据。正式使用前，可在“系统设置 › 清除演示数据”中一次删除全部演示账号与演示记录。');
  }
  console.log(`乡村两级治理中心联动平台已启动：http://localhost:${config.port}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
