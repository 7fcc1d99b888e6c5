import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import type { CloudFormationCustomResourceEvent } from 'aws-lambda';
import { CloudFormationClient } from '@aws-sdk/client-cloudformation';
import {
  CognitoIdentityProviderClient,
  CreateUserPoolCommand,
  DescribeUserPoolCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { CreateTableCommand, DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  CreateBucketCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handle, type ReleaseClients } from '../../../functions/deploy/release';
import { testStack } from '../../support/stack';

/**
 * The release beside each protected or written-to resource (decision 170), against the local
 * DynamoDB, S3 and Cognito, with its own table, bucket and pool: in the rollback of a stack's
 * first create it turns protection off and empties the bucket; on any other deletion it leaves
 * them as they are. A small CloudFormation here answers DescribeStacks with the status the test
 * sets, and receives the answer at the request's address.
 */
let server: http.Server;
let endpoint: string;
let status = 'ROLLBACK_IN_PROGRESS';
const answers: { Status: string; Reason: string }[] = [];
let clients: ReleaseClients;
const local = {
  region: 'us-east-1',
  credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
};

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      if (req.method === 'PUT') {
        answers.push(JSON.parse(body) as { Status: string; Reason: string });
        res.writeHead(200);
        return res.end();
      }
      res.writeHead(200, { 'content-type': 'text/xml' });
      res.end(
        `<DescribeStacksResponse><DescribeStacksResult><Stacks><member><StackName>MrMarketStateful</StackName><StackStatus>${status}</StackStatus><CreationTime>2026-11-01T00:00:00Z</CreationTime></member></Stacks></DescribeStacksResult></DescribeStacksResponse>`,
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const urls = testStack().urls;
  clients = {
    cloudFormation: new CloudFormationClient({ ...local, endpoint }),
    dynamodb: new DynamoDBClient({ ...local, endpoint: urls.dynamodb }),
    cognito: new CognitoIdentityProviderClient({ ...local, endpoint: urls.cognito }),
    s3: new S3Client({ ...local, endpoint: urls.s3, forcePathStyle: true }),
  };
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

function deleteEvent(Kind: string, Name: string): CloudFormationCustomResourceEvent {
  return {
    RequestType: 'Delete',
    ServiceToken: 'arn:aws:lambda:us-east-1:123456789012:function:release',
    ResponseURL: `${endpoint}/answer`,
    StackId: 'arn:aws:cloudformation:us-east-1:123456789012:stack/MrMarketStateful/1',
    RequestId: randomUUID(),
    LogicalResourceId: `Release${Kind}`,
    PhysicalResourceId: `release-${Kind}`,
    ResourceType: 'Custom::FailedCreateRelease',
    ResourceProperties: { ServiceToken: 'x', Kind, Name },
  } as CloudFormationCustomResourceEvent;
}

async function protectedTable(): Promise<string> {
  const name = `release-${randomUUID()}`;
  await clients.dynamodb.send(
    new CreateTableCommand({
      TableName: name,
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }],
      KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
      DeletionProtectionEnabled: true,
    }),
  );
  return name;
}

const protection = async (name: string) =>
  (await clients.dynamodb.send(new DescribeTableCommand({ TableName: name }))).Table
    ?.DeletionProtectionEnabled;

async function bucketWithLogs(): Promise<string> {
  const name = `release-${randomUUID().slice(0, 8)}`;
  await clients.s3.send(new CreateBucketCommand({ Bucket: name }));
  for (const key of ['logs/a', 'logs/b', 'c'])
    await clients.s3.send(new PutObjectCommand({ Bucket: name, Key: key, Body: 'line' }));
  return name;
}

const objects = async (bucket: string) =>
  (await clients.s3.send(new ListObjectsV2Command({ Bucket: bucket }))).KeyCount ?? 0;

describe('the release of a failed first create', () => {
  it('turns the table’s protection off and empties the log bucket in the rollback of a first create', async () => {
    status = 'ROLLBACK_IN_PROGRESS';
    const table = await protectedTable();
    const bucket = await bucketWithLogs();
    await handle(deleteEvent('table', table), clients);
    await handle(deleteEvent('bucket', bucket), clients);
    expect(answers.slice(-2).map((a) => a.Status)).toEqual(['SUCCESS', 'SUCCESS']);
    expect(await protection(table)).toBe(false);
    expect(await objects(bucket)).toBe(0);
    expect(answers.at(-1)!.Reason).toBe(`bucket ${bucket} emptied (3 objects)`);
  });

  it('asks the user pool to drop its protection', async () => {
    status = 'ROLLBACK_IN_PROGRESS';
    const pool = await clients.cognito.send(
      new CreateUserPoolCommand({ PoolName: `release-${randomUUID()}` }),
    );
    const id = pool.UserPool!.Id!;
    await handle(deleteEvent('userPool', id), clients);
    expect(answers.at(-1)).toMatchObject({
      Status: 'SUCCESS',
      Reason: `deletion protection of user pool ${id} turned off`,
    });
    expect(
      (await clients.cognito.send(new DescribeUserPoolCommand({ UserPoolId: id }))).UserPool?.Id,
    ).toBe(id);
  });

  it.each([
    'DELETE_IN_PROGRESS',
    'UPDATE_ROLLBACK_IN_PROGRESS',
    'UPDATE_COMPLETE_CLEANUP_IN_PROGRESS',
  ])('leaves them protected and full when the stack is %s', async (stackStatus) => {
    status = stackStatus;
    const table = await protectedTable();
    const bucket = await bucketWithLogs();
    await handle(deleteEvent('table', table), clients);
    await handle(deleteEvent('bucket', bucket), clients);
    expect(answers.slice(-2).map((a) => [a.Status, a.Reason])).toEqual([
      ['SUCCESS', 'nothing to release'],
      ['SUCCESS', 'nothing to release'],
    ]);
    expect(await protection(table)).toBe(true);
    expect(await objects(bucket)).toBe(3);
  });

  it('fails, with the reason, when the release itself fails in the rollback', async () => {
    status = 'ROLLBACK_IN_PROGRESS';
    await handle(deleteEvent('table', `missing-${randomUUID()}`), clients);
    expect(answers.at(-1)!.Status).toBe('FAILED');
    expect(answers.at(-1)!.Reason).toMatch(/^table missing-/);
  });
});
