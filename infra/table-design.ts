/**
 * The single table's shape, used by the CDK data construct and by the local stack that
 * creates the same table in DynamoDB Local. Keys themselves are built in functions/lib/keys.ts.
 */
export const TABLE_DESIGN = {
  partitionKey: 'pk',
  sortKey: 'sk',
  ttlAttribute: 'ttl',
  indexes: [{ name: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' }],
} as const;

/** Local table name (in AWS, CloudFormation generates the name and passes it to functions). */
export const LOCAL_TABLE_NAME = 'mr-market-local';
