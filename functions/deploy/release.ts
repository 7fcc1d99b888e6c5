import type { CloudFormationCustomResourceEvent } from 'aws-lambda';
import { CloudFormationClient, DescribeStacksCommand } from '@aws-sdk/client-cloudformation';
import {
  CognitoIdentityProviderClient,
  UpdateUserPoolCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient, UpdateTableCommand } from '@aws-sdk/client-dynamodb';
import { DeleteObjectsCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { logger } from '../lib/logger';

/**
 * A custom resource beside each retained resource whose deletion a rollback could fail on
 * (decision 170): the table and the user pool (deletion-protected) and the log buckets
 * (written to as soon as they exist). CloudFormation deletes it just before the resource.
 * When that deletion is the rollback of the stack's first create (the stack is
 * ROLLBACK_IN_PROGRESS), it releases the resource: the protection off, the bucket emptied, so
 * the rollback removes it and the failed create leaves nothing behind. On any other deletion (a
 * stack deleted on purpose, a failed update rolled back) it does nothing: what is retained stays
 * as it is, protected.
 */
export type ReleaseKind = 'table' | 'userPool' | 'bucket';

export interface ReleaseProperties {
  Kind: ReleaseKind;
  /** The table name, the user pool id or the bucket name. */
  Name: string;
}

/** The stack status while CloudFormation rolls back a stack's first create. */
export const CREATE_ROLLBACK = 'ROLLBACK_IN_PROGRESS';

/** Whether a deletion of the custom resource must release what it guards. */
export function releases(requestType: string, stackStatus: string | undefined): boolean {
  return requestType === 'Delete' && stackStatus === CREATE_ROLLBACK;
}

export interface ReleaseClients {
  cloudFormation: CloudFormationClient;
  dynamodb: DynamoDBClient;
  cognito: CognitoIdentityProviderClient;
  s3: S3Client;
}

let clients: ReleaseClients | undefined;
const defaultClients = (): ReleaseClients =>
  (clients ??= {
    cloudFormation: new CloudFormationClient({}),
    dynamodb: new DynamoDBClient({}),
    cognito: new CognitoIdentityProviderClient({}),
    s3: new S3Client({}),
  });

async function stackStatus(c: ReleaseClients, stackId: string): Promise<string | undefined> {
  const out = await c.cloudFormation.send(new DescribeStacksCommand({ StackName: stackId }));
  return out.Stacks?.[0]?.StackStatus;
}

/** Empties a bucket (the log buckets are not versioned), a thousand objects at a time. */
async function emptyBucket(s3: S3Client, bucket: string): Promise<number> {
  let removed = 0;
  for (;;) {
    const page = await s3.send(new ListObjectsV2Command({ Bucket: bucket, MaxKeys: 1000 }));
    const objects = (page.Contents ?? []).filter((o) => o.Key).map((o) => ({ Key: o.Key! }));
    if (objects.length === 0) return removed;
    await s3.send(
      new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: objects, Quiet: true } }),
    );
    removed += objects.length;
  }
}

/** Lets the rollback delete the resource: protection off, or the bucket emptied. */
export async function release(c: ReleaseClients, props: ReleaseProperties): Promise<string> {
  switch (props.Kind) {
    case 'table':
      await c.dynamodb.send(
        new UpdateTableCommand({ TableName: props.Name, DeletionProtectionEnabled: false }),
      );
      return `deletion protection of table ${props.Name} turned off`;
    case 'userPool':
      // UpdateUserPool resets what it is not given: the pool is deleted next.
      await c.cognito.send(
        new UpdateUserPoolCommand({ UserPoolId: props.Name, DeletionProtection: 'INACTIVE' }),
      );
      return `deletion protection of user pool ${props.Name} turned off`;
    case 'bucket':
      return `bucket ${props.Name} emptied (${await emptyBucket(c.s3, props.Name)} objects)`;
    default:
      throw new Error(`Unknown kind ${String(props.Kind)}`);
  }
}

/** Answers CloudFormation at the request's presigned address. */
async function respond(
  event: CloudFormationCustomResourceEvent,
  status: 'SUCCESS' | 'FAILED',
  reason: string,
): Promise<void> {
  const physicalId =
    'PhysicalResourceId' in event ? event.PhysicalResourceId : `release-${event.LogicalResourceId}`;
  const body = JSON.stringify({
    Status: status,
    Reason: reason.slice(0, 3000),
    PhysicalResourceId: physicalId,
    StackId: event.StackId,
    RequestId: event.RequestId,
    LogicalResourceId: event.LogicalResourceId,
    Data: {},
  });
  const res = await fetch(event.ResponseURL, {
    method: 'PUT',
    headers: { 'content-type': '' },
    body,
  });
  if (!res.ok) throw new Error(`CloudFormation's response address answered ${res.status}`);
}

/**
 * Always answers: a deletion whose stack status cannot be read is let through (a deletion on
 * purpose must not fail on it); a release that fails during the rollback fails the custom
 * resource, which CloudFormation reports with the reason.
 */
export async function handle(
  event: CloudFormationCustomResourceEvent,
  c: ReleaseClients = defaultClients(),
): Promise<void> {
  const props = event.ResourceProperties as unknown as ReleaseProperties;
  let status: string | undefined;
  if (event.RequestType === 'Delete') {
    try {
      status = await stackStatus(c, event.StackId);
    } catch (error) {
      logger.error('stack status not read: nothing released', { error: error as Error });
      return respond(event, 'SUCCESS', 'stack status not read: nothing released');
    }
  }
  if (!releases(event.RequestType, status)) return respond(event, 'SUCCESS', 'nothing to release');
  try {
    const done = await release(c, props);
    logger.info('released for the rollback of a failed create', { done });
    return respond(event, 'SUCCESS', done);
  } catch (error) {
    logger.error('release failed', { error: error as Error, kind: props.Kind, name: props.Name });
    return respond(event, 'FAILED', `${props.Kind} ${props.Name}: ${(error as Error).message}`);
  }
}

export const handler = (event: CloudFormationCustomResourceEvent): Promise<void> => handle(event);
