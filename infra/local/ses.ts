import type { Server } from 'node:http';
import { closeServer } from './cognito';

export interface SesHandle {
  /** SES API endpoint, and the mail viewer at `/`. */
  url: string;
  stop(): Promise<void>;
}

type SesStart = (config: { host: string; port: number }) => Promise<Server>;

/**
 * aws-ses-v2-local, in this process, on 127.0.0.1 (its default is every interface).
 * It keeps mail in memory: the viewer is at `/`, tests read `GET /store?since=<epoch s>`.
 */
export async function startSes({ port }: { port: number }): Promise<SesHandle> {
  const mod = (await import('aws-ses-v2-local')) as unknown as {
    default: SesStart | { default: SesStart };
  };
  const start = typeof mod.default === 'function' ? mod.default : mod.default.default;
  const server = await start({ host: '127.0.0.1', port });
  return { url: `http://127.0.0.1:${port}`, stop: () => closeServer(server) };
}
