import type { Context } from 'aws-lambda';
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { keepIdleConnections } from './keep-alive';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildLambdaContext } from './api-event';

/** Function names cognito-local invokes for the pool's triggers, and their handler modules. */
export const LOCAL_TRIGGERS = {
  CustomMessage: { name: 'mr-market-local-customMessage', handler: 'cognito/customMessage' },
} as const;

export interface LambdaHandle {
  url: string;
  stop(): Promise<void>;
}

type Handler = (event: unknown, context: Context) => Promise<unknown>;

const FUNCTIONS_DIR = fileURLToPath(new URL('../../functions', import.meta.url));
const INVOKE_PATH = /^\/2015-03-31\/functions\/([^/]+)\/invocations$/;

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * The Lambda Invoke API (`POST /2015-03-31/functions/{name}/invocations`) for the pool's
 * trigger functions, run in this process with the functions' environment, as Lambda runs
 * them for Cognito in AWS. cognito-local's Lambda client points here.
 */
export async function startLambdaEndpoint({
  port,
  log,
}: {
  port: number;
  log?: (line: string) => void;
}): Promise<LambdaHandle> {
  const modules = new Map<string, string>(
    Object.values(LOCAL_TRIGGERS).map((t) => [t.name, t.handler]),
  );
  const loaded = new Map<string, Promise<Handler>>();
  const load = (module: string) => {
    let handler = loaded.get(module);
    if (!handler) {
      handler = import(pathToFileURL(join(FUNCTIONS_DIR, `${module}.ts`)).href).then(
        (m: { handler: Handler }) => m.handler,
      );
      loaded.set(module, handler);
    }
    return handler;
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const name = INVOKE_PATH.exec(req.url ?? '')?.[1];
    const module = name ? modules.get(decodeURIComponent(name)) : undefined;
    if (req.method !== 'POST' || !name || !module) {
      res.writeHead(404, {
        'content-type': 'application/json',
        'x-amzn-errortype': 'ResourceNotFoundException',
      });
      res.end(JSON.stringify({ message: `Function not found: ${name ?? req.url}` }));
      return;
    }
    const event = JSON.parse((await readBody(req)) || '{}') as unknown;
    const requestId = randomUUID();
    try {
      const handler = await load(module);
      const result = await handler(event, buildLambdaContext(name, requestId, 5000));
      res.writeHead(200, {
        'content-type': 'application/json',
        'x-amz-executed-version': '$LATEST',
      });
      res.end(JSON.stringify(result ?? null));
    } catch (error) {
      log?.(`${name} failed: ${(error as Error)?.stack ?? String(error)}`);
      res.writeHead(200, {
        'content-type': 'application/json',
        'x-amz-function-error': 'Unhandled',
      });
      res.end(
        JSON.stringify({
          errorType: (error as Error)?.name ?? 'Error',
          errorMessage: (error as Error)?.message ?? String(error),
        }),
      );
    }
  };

  const server: Server = keepIdleConnections(
    createServer((req, res) => {
      handle(req, res).catch((error: unknown) => {
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ message: String(error) }));
      });
    }),
  );
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (!server.listening) return resolve();
      server.close(() => resolve());
      server.closeAllConnections();
    });
  return { url: `http://127.0.0.1:${port}`, stop };
}
