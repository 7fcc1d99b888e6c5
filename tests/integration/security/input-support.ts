import { QueryCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { startApiServer, type ApiServerHandle } from '../../../infra/local/api-server';
import { freePort } from '../../../infra/local/process';
import { resetConfigForTests } from '../../../functions/lib/config';
import { db } from '../../../functions/lib/dynamo';
import { keys } from '../../../functions/lib/keys';
import { testStack } from '../../support/stack';

const table = () => process.env.TABLE_NAME ?? '';

/** Every item of a user's partition, as sorted JSON lines (to compare before and after). */
export async function partitionSnapshot(userId: string): Promise<string[]> {
  const lines: string[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db.send(
      new QueryCommand({
        TableName: table(),
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': keys.userPartition(userId).pk },
        ...(start ? { ExclusiveStartKey: start } : {}),
      }),
    );
    for (const item of page.Items ?? []) lines.push(JSON.stringify(item, Object.keys(item).sort()));
    start = page.LastEvaluatedKey;
  } while (start);
  return lines.sort();
}

/** How many items the whole table holds (a Scan: tests only). */
export async function tableItemCount(): Promise<number> {
  let count = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db.send(
      new ScanCommand({
        TableName: table(),
        Select: 'COUNT',
        ...(start ? { ExclusiveStartKey: start } : {}),
      }),
    );
    count += page.Count ?? 0;
    start = page.LastEvaluatedKey;
  } while (start);
  return count;
}

/**
 * The local API server started inside this test process (same route table, handlers and
 * emulators as the shared one), so a test can set the functions' configuration and look
 * at this process's globals after the handlers ran.
 */
export async function startInProcessApi(
  env: Record<string, string> = {},
): Promise<ApiServerHandle & { restoreEnv: () => void }> {
  const saved = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]));
  Object.assign(process.env, env);
  resetConfigForTests();
  const stack = testStack();
  const server = await startApiServer({
    port: await freePort(),
    jwt: {
      issuer: `${stack.urls.cognito}/${stack.userPoolId}`,
      jwksUrl: `${stack.urls.cognito}/${stack.userPoolId}/.well-known/jwks.json`,
      clientId: stack.userPoolClientId,
    },
  });
  return {
    ...server,
    restoreEnv: () => {
      for (const [k, v] of Object.entries(saved)) {
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
      }
      resetConfigForTests();
    },
  };
}
