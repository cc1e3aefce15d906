import fs from 'node:fs';

// PostgreSQL's postmaster.pid keeps a second database server out of DATA_DIR/pg, but not a second
// app server that would reuse it, nor a restore that replaces the directory under a running one. A
// lock file beside the data directory, holding the owner's pid, keeps a second server, a backup or
// a restore out while a server runs. A lock left by a process that is gone (kill -9, power loss) is
// taken over.

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'; // exists, owned by someone else
  }
}

export class DataDirInUse extends Error {}

/** Takes `<dir>.lock`; returns the release. Throws DataDirInUse when a live process holds it. */
export function lockDataDir(dir: string): () => void {
  const file = `${dir}.lock`;
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
      return () => {
        try {
          if (fs.readFileSync(file, 'utf8').trim() === String(process.pid)) fs.rmSync(file, { force: true });
        } catch {
          // already gone
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const owner = Number(fs.readFileSync(file, 'utf8').trim());
    // Our own pid: a container restarted with the same pid, or this process opening it twice.
    if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && alive(owner)) {
      throw new DataDirInUse(
        `内置数据库 ${dir} 正被另一个进程（pid ${owner}）使用，请先停止该进程（如正在运行的服务）再试。` +
          `若确认没有进程在用，可删除 ${file}。`,
      );
    }
    fs.rmSync(file, { force: true }); // stale: its owner is gone
  }
  throw new DataDirInUse(`无法锁定内置数据库 ${dir}，请稍后再试。`);
}
