import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';

/**
 * Child processes of the local stack. On Linux each child is started through `setpriv
 * --pdeathsig` so the kernel kills it if this process dies, even by SIGKILL; on any
 * platform the children are killed when this process exits.
 */
const children = new Set<ChildProcess>();
const SETPRIV = ['/usr/bin/setpriv', '/bin/setpriv'].find((p) => existsSync(p));

process.once('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});

export interface ChildHandle {
  name: string;
  process: ChildProcess;
  /** Last lines of output, for error messages. */
  output(): string;
  stop(): Promise<void>;
}

export function spawnChild(
  name: string,
  command: string,
  args: string[],
  options: SpawnOptions & { log?: (line: string) => void } = {},
): ChildHandle {
  const [cmd, argv] = SETPRIV
    ? [SETPRIV, ['--pdeathsig', 'KILL', '--', command, ...args]]
    : [command, args];
  const child = spawn(cmd, argv, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  const tail: string[] = [];
  const onData = (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n')) {
      if (!line.trim()) continue;
      tail.push(line);
      if (tail.length > 40) tail.shift();
      options.log?.(line);
    }
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => {
      children.delete(child);
      resolve();
    });
    child.once('error', (error) => {
      tail.push(String(error));
      children.delete(child);
      resolve();
    });
  });
  return {
    name,
    process: child,
    output: () => tail.join('\n'),
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** A free TCP port on 127.0.0.1 (for tests: every run picks its own). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('Could not find a free port'));
      });
    });
  });
}

/** Polls `check` until it resolves true; fails with `describe()` after `timeoutMs`. */
export async function waitUntil(
  what: string,
  check: () => Promise<boolean>,
  {
    timeoutMs = 30_000,
    intervalMs = 100,
    child,
  }: { timeoutMs?: number; intervalMs?: number; child?: ChildHandle } = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child && (child.process.exitCode !== null || child.process.signalCode !== null)) {
      throw new Error(`${what} exited before it was ready:\n${child.output()}`);
    }
    try {
      if (await check()) return;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) {
      throw new Error(
        `${what} was not ready after ${timeoutMs / 1000} s${child ? `:\n${child.output()}` : ''}`,
      );
    }
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}

/** True when something answers HTTP at `url` (any status). */
export async function answers(url: string): Promise<boolean> {
  const res = await fetch(url, { signal: AbortSignal.timeout(1000) });
  await res.arrayBuffer();
  return true;
}

/** Fails with a clear message when `port` is taken on 127.0.0.1. */
export function assertPortFree(port: number, what: string, envName: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', () =>
      reject(
        new Error(
          `Port ${port} (${what}) is already in use: stop what uses it or set ${envName} to another port`,
        ),
      ),
    );
    server.listen(port, '127.0.0.1', () => server.close(() => resolve()));
  });
}
