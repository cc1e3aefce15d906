import path from 'node:path';
import { loadConfig } from '../config';
import { backup, OpsError, restore } from './archive';
import { DataDirInUse } from '../lib/dataDirLock';

// The command lines of `npm run backup -- <file>` and `npm run restore -- <file> [--force]`
// (scripts/backup.ts and scripts/restore.ts call these). Settings come from the environment as
// for the server: DATA_DIR, DATABASE_URL.

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;

function target(env: NodeJS.ProcessEnv) {
  const config = loadConfig(env);
  return { dataDir: config.dataDir, databaseUrl: config.databaseUrl };
}

function where(env: NodeJS.ProcessEnv) {
  const t = target(env);
  return t.databaseUrl ? 'PostgreSQL（DATABASE_URL）' : `内置数据库（${path.join(t.dataDir, 'pg')}）`;
}

function fail(error: unknown): number {
  if (error instanceof OpsError || error instanceof DataDirInUse) {
    console.error(`失败：${(error as Error).message}`);
  } else {
    console.error('失败：', error);
  }
  return 1;
}

export async function backupCommand(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const args = argv.filter((a) => !a.startsWith('--'));
  const stamp = new Date().toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  const file = path.resolve(args[0] ?? `backup-${stamp}.tar.gz`);
  try {
    console.log(`正在备份 ${where(env)} 与上传文件……`);
    const result = await backup(target(env), file);
    console.log(
      `备份完成：${result.file}\n  ${result.tables} 张表，${result.rows} 行，${result.uploads} 个上传文件，` +
        `${mb(result.bytes)}，用时 ${(result.ms / 1000).toFixed(1)} 秒`,
    );
    return 0;
  } catch (error) {
    return fail(error);
  }
}

export async function restoreCommand(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const force = argv.includes('--force');
  const args = argv.filter((a) => !a.startsWith('--'));
  if (!args[0]) {
    console.error('用法：npm run restore -- <备份文件> [--force]');
    return 2;
  }
  try {
    console.log(`正在把 ${path.resolve(args[0])} 恢复到 ${where(env)}……`);
    const result = await restore(target(env), path.resolve(args[0]), { force });
    console.log(
      `恢复完成：${result.tables} 张表，${result.rows} 行，${result.uploads} 个上传文件，校验一致；` +
        `数据库结构已升级到 ${result.migratedTo}，用时 ${(result.ms / 1000).toFixed(1)} 秒`,
    );
    return 0;
  } catch (error) {
    return fail(error);
  }
}
