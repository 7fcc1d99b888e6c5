import { CfnResource, CustomResource, Duration, Stack } from 'aws-cdk-lib';
import type * as cognito from 'aws-cdk-lib/aws-cognito';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct, type IConstruct } from 'constructs';
import type { ReleaseKind } from '../../functions/deploy/release';
import { HouseFunction } from './house-function';
import { acknowledge } from './nag';

/** The custom resource type of the releases (infra/failed-create.test.ts finds them by it). */
export const RELEASE_RESOURCE_TYPE = 'Custom::FailedCreateRelease';

/**
 * What lets the rollback of a stack's failed first create remove every resource it created,
 * whichever command deployed it (decision 170): a custom resource beside each retained resource
 * a rollback could fail to delete, which CloudFormation deletes just before it and which then,
 * in that rollback only, turns its deletion protection off or empties it
 * (functions/deploy/release.ts).
 */
export class FailedCreateRelease extends Construct {
  readonly fn: HouseFunction;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    const stack = Stack.of(this);
    this.fn = new HouseFunction(this, 'Release', {
      handler: 'deploy/release',
      description:
        'Releases a protected resource or empties a log bucket during the rollback of a failed first create',
      logRetentionDays: 7,
      timeout: Duration.minutes(5),
      traced: false,
    });
    // Its own stack's status, to tell a failed create's rollback from a deletion on purpose.
    this.fn.role.addToPolicy(
      new iam.PolicyStatement({
        actions: ['cloudformation:DescribeStacks'],
        resources: [
          stack.formatArn({
            service: 'cloudformation',
            resource: 'stack',
            resourceName: `${stack.stackName}/*`,
          }),
        ],
      }),
    );
    this.wildcard(
      `arn:<AWS::Partition>:cloudformation:<AWS::Region>:<AWS::AccountId>:stack/${stack.stackName}/*`,
      'The stack id ends with a generated suffix: the grant is this stack’s name and any id, for DescribeStacks only.',
    );
    acknowledge(
      this.fn,
      {
        id: 'Serverless-LambdaDLQ',
        reason:
          'CloudFormation invokes it for a custom resource and waits for its answer at the presigned address; the handler always answers, so there is no lost event a dead-letter queue could keep.',
      },
      {
        id: 'Serverless-LambdaTracing',
        reason:
          'Runs at deploy time only (a few invocations per deployment), outside the request path tracing follows.',
      },
    );
  }

  private wildcard(resource: string, reason: string): void {
    acknowledge(this.fn.role, { id: `AwsSolutions-IAM5[Resource::${resource}]`, reason });
  }

  private guard(target: IConstruct, kind: ReleaseKind, name: string): CustomResource {
    const resource = new CustomResource(this, `${target.node.id}${kind}`, {
      serviceToken: this.fn.fn.functionArn,
      resourceType: RELEASE_RESOURCE_TYPE,
      properties: { Kind: kind, Name: name },
    });
    // Its permissions exist before it, and outlive it.
    resource.node.addDependency(this.fn);
    return resource;
  }

  /**
   * A deletion-protected table. The grant names no table (a reference would order the function
   * after the table): UpdateTable on this account's tables in the region, which the handler
   * sends only for the table it guards, only in the rollback of its stack's first create.
   */
  table(table: dynamodb.Table): CustomResource {
    this.fn.role.addToPolicy(
      new iam.PolicyStatement({
        actions: ['dynamodb:UpdateTable'],
        resources: [
          Stack.of(this).formatArn({ service: 'dynamodb', resource: 'table', resourceName: '*' }),
        ],
      }),
    );
    this.wildcard(
      'arn:<AWS::Partition>:dynamodb:<AWS::Region>:<AWS::AccountId>:table/*',
      'A grant naming the table would order this function after it (decision 170). UpdateTable is sent only for the table the release names, only in the rollback of its stack’s first create.',
    );
    return this.guard(table, 'table', table.tableName);
  }

  /** A deletion-protected user pool (the grant, like the table's, names no pool). */
  userPool(pool: cognito.UserPool): CustomResource {
    this.fn.role.addToPolicy(
      new iam.PolicyStatement({
        actions: ['cognito-idp:UpdateUserPool'],
        resources: [
          Stack.of(this).formatArn({
            service: 'cognito-idp',
            resource: 'userpool',
            resourceName: '*',
          }),
        ],
      }),
    );
    this.wildcard(
      'arn:<AWS::Partition>:cognito-idp:<AWS::Region>:<AWS::AccountId>:userpool/*',
      'A grant naming the user pool would order this function after it (decision 170). UpdateUserPool is sent only for the pool the release names, only in the rollback of its stack’s first create.',
    );
    return this.guard(pool, 'userPool', pool.userPoolId);
  }

  /** A retained bucket that is written to (access logs): emptied so the rollback can delete it. */
  bucket(bucket: s3.Bucket): CustomResource {
    this.fn.role.addToPolicy(
      new iam.PolicyStatement({
        actions: ['s3:ListBucket'],
        resources: [bucket.bucketArn],
      }),
    );
    this.fn.role.addToPolicy(
      new iam.PolicyStatement({
        actions: ['s3:DeleteObject'],
        resources: [bucket.arnForObjects('*')],
      }),
    );
    const logicalId = Stack.of(bucket).getLogicalId(bucket.node.defaultChild as CfnResource);
    this.wildcard(
      `<${logicalId}.Arn>/*`,
      'Emptying the bucket deletes every object in it: only this bucket, only in the rollback of its stack’s first create.',
    );
    // What writes to the bucket must depend on this release (the stacks order them), so that a
    // rollback deletes them before the bucket is emptied.
    return this.guard(bucket, 'bucket', bucket.bucketName);
  }
}

/** Orders `later` after `first`: every CloudFormation resource in `later` waits for `first`. */
export function after(later: IConstruct, first: IConstruct): void {
  later.node.addDependency(first);
}

/** The CloudFormation resources of a construct (itself, or those under it). */
export function cfnResourcesOf(construct: IConstruct): CfnResource[] {
  return construct.node.findAll().filter((c): c is CfnResource => CfnResource.isCfnResource(c));
}
