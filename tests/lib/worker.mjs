// A second local Worker a test may kill -9 and start again: the build the
// tier's own Worker already made (worker/build, dist/), its own port and
// D1 directory, the same test settings. wrangler's config is copied with
// absolute paths and without the [build] step, so starting it compiles
// nothing.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const ROOT = resolve(new URL('../..', import.meta.url).pathname);
const WRANGLER = join(ROOT, 'node_modules/.bin/wrangler');
const VARS = [
  'ALLOW_TEST_CLOCK:true', 'DEV_MODE:true', 'TELEGRAM_WEBHOOK_SECRET:test-secret',
  'TELEGRAM_BOT_TOKEN:test-token', 'TELEGRAM_API_BASE:http://127.0.0.1:8798',
  'OPERATOR_SECRET:test-operator-secret-0123456789',
];

function config(dir) {
  const text = readFileSync(join(ROOT, 'wrangler.toml'), 'utf8')
    .replace(/\[build\][^[]*/, '')
    .replace('main = "worker/build/index.js"', `main = "${join(ROOT, 'worker/build/index.js')}"`)
    .replace('directory = "./dist"', `directory = "${join(ROOT, 'dist')}"`)
    .replaceAll('migrations_dir = "worker/', `migrations_dir = "${join(ROOT, 'worker')}/`);
  const path = join(dir, 'wrangler.toml');
  writeFileSync(path, text);
  return path;
}

/** A Worker on `port` over a fresh D1 directory; `start()` again after `kill()` keeps the data. */
export function spareWorker(port) {
  const dir = mkdtempSync(join(tmpdir(), 'caja-spare-'));
  const toml = config(dir);
  const persist = join(dir, 'd1');
  const env = { ...process.env, WRANGLER_SEND_METRICS: 'false', NO_UPDATE_NOTIFIER: '1' };
  // The directory and every shard.
  for (const [, binding] of readFileSync(toml, 'utf8').matchAll(/^binding = "(DIRECTORY|SHARD_\d+)"$/gm)) {
    const migrated = spawnSync(WRANGLER, ['d1', 'migrations', 'apply', binding, '--local', '--persist-to', persist, '-c', toml], { env, encoding: 'utf8' });
    if (migrated.status !== 0) throw new Error(`migrations of ${binding}: ${migrated.stderr}`);
  }
  let child = null;
  const base = `http://127.0.0.1:${port}`;
  return {
    base,
    async start() {
      const args = ['dev', '--local', '--ip', '127.0.0.1', '--port', String(port), '--persist-to', persist,
        '--show-interactive-dev-session=false', '-c', toml, '--var', `PUBLIC_URL:${base}`];
      for (const v of VARS) args.push('--var', v);
      child = spawn(WRANGLER, args, { env, detached: true, stdio: 'ignore' });
      const deadline = Date.now() + 120_000;
      for (;;) {
        try {
          const res = await fetch(`${base}/health`);
          if (res.status === 200) return;
        } catch {
          // not listening yet
        }
        if (child.exitCode !== null) throw new Error('the spare Worker exited');
        if (Date.now() > deadline) throw new Error('the spare Worker never answered /health');
        await new Promise((r) => setTimeout(r, 250));
      }
    },
    /** kill -9 of the whole process group (wrangler and workerd). */
    kill() {
      if (child) process.kill(-child.pid, 'SIGKILL');
      child = null;
    },
    stop() {
      this.kill();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
