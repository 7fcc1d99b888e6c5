import type { ScheduledEvent } from 'aws-lambda';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { JOBS, type JobDef } from '../jobs';
import { LOCAL_ACCOUNT_ID } from './api-event';
import { buildLambdaContext } from './api-event';

type JobHandler = (
  event: ScheduledEvent,
  context: ReturnType<typeof buildLambdaContext>,
) => Promise<unknown>;

export interface SchedulerOptions {
  jobs?: readonly JobDef[];
  functionsDir?: string;
  /** Delay of the first run; then every `everyMinutes` (EventBridge `rate(...)`). */
  firstRunAfterMs?: number;
  log?: (line: string) => void;
}

export interface SchedulerHandle {
  /** Runs one job now (as its rule would), resolving when it finished. */
  runNow(id: string): Promise<void>;
  stop(): Promise<void>;
}

export function scheduledEvent(job: JobDef, region: string, now = new Date()): ScheduledEvent {
  return {
    version: '0',
    id: randomUUID(),
    'detail-type': 'Scheduled Event',
    source: 'aws.events',
    account: LOCAL_ACCOUNT_ID,
    time: now.toISOString().replace(/\.\d{3}Z$/, 'Z'),
    region,
    resources: [`arn:aws:events:${region}:${LOCAL_ACCOUNT_ID}:rule/mr-market-local-${job.id}`],
    detail: {},
  };
}

/**
 * Runs each job of infra/jobs.ts on its schedule with an EventBridge-shaped event: the
 * handlers the rules invoke in AWS. A failing run is logged and never stops the stack;
 * a run still going when the next is due is not doubled.
 */
export async function startScheduler(options: SchedulerOptions = {}): Promise<SchedulerHandle> {
  const jobs = options.jobs ?? JOBS;
  const functionsDir =
    options.functionsDir ?? fileURLToPath(new URL('../../functions', import.meta.url));
  const log = options.log ?? ((line: string) => console.log(line));
  const timers: NodeJS.Timeout[] = [];
  const running = new Map<string, Promise<void>>();
  const handlers = new Map<string, JobHandler>();
  for (const job of jobs) {
    const mod = (await import(pathToFileURL(join(functionsDir, `${job.handler}.ts`)).href)) as {
      handler?: JobHandler;
    };
    if (typeof mod.handler !== 'function')
      throw new Error(`functions/${job.handler}.ts exports no handler`);
    handlers.set(job.id, mod.handler);
  }

  const run = (job: JobDef): Promise<void> => {
    const current = running.get(job.id);
    if (current) {
      log(`job ${job.id}: previous run still going, skipped`);
      return current;
    }
    const requestId = randomUUID();
    const handler = handlers.get(job.id) as JobHandler;
    const started = Date.now();
    const p = (async () => {
      try {
        await handler(
          scheduledEvent(job, process.env.AWS_REGION ?? 'us-east-1'),
          buildLambdaContext(`mr-market-local-${job.id}`, requestId, 60_000),
        );
        log(`job ${job.id} ran in ${Date.now() - started} ms`);
      } catch (error) {
        log(`job ${job.id} failed: ${(error as Error)?.stack ?? String(error)}`);
      } finally {
        running.delete(job.id);
      }
    })();
    running.set(job.id, p);
    return p;
  };

  for (const job of jobs) {
    const first = setTimeout(
      () => {
        void run(job);
        timers.push(setInterval(() => void run(job), job.everyMinutes * 60_000));
      },
      options.firstRunAfterMs ?? job.everyMinutes * 60_000,
    );
    timers.push(first);
  }

  return {
    runNow(id) {
      const job = jobs.find((j) => j.id === id);
      if (!job) return Promise.reject(new Error(`No job "${id}" in infra/jobs.ts`));
      return run(job);
    },
    async stop() {
      for (const t of timers) clearTimeout(t);
      await Promise.all(running.values());
    },
  };
}
