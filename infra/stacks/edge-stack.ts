import { Stack, type StackProps } from 'aws-cdk-lib';
import * as ssm from 'aws-cdk-lib/aws-ssm';
import type { Construct } from 'constructs';
import { Firewall } from '../constructs/firewall';

/** The SSM parameter (in us-east-1) that holds the web ACL's ARN, read by the stateless stack. */
export const webAclParameterNameFor = (edgeStackName: string): string =>
  `/${edgeStackName}/web-acl-arn`;

/**
 * What CloudFront needs in us-east-1 whatever the app's region: the AWS WAF web ACL. Its ARN is
 * written to an SSM parameter there, which the stateless stack reads at deploy time (a
 * cross-region reference CloudFormation cannot make).
 */
export class EdgeStack extends Stack {
  readonly firewall: Firewall;
  readonly webAclParameterName: string;

  constructor(scope: Construct, id: string, props: StackProps) {
    super(scope, id, { ...props, env: { ...props.env, region: 'us-east-1' } });
    this.firewall = new Firewall(this, 'Firewall', { metricPrefix: 'MrMarket' });
    this.webAclParameterName = webAclParameterNameFor(this.stackName);
    new ssm.StringParameter(this, 'WebAclArn', {
      parameterName: this.webAclParameterName,
      stringValue: this.firewall.webAcl.attrArn,
      description: 'Mr. Market web ACL (AWS WAF), read by the stateless stack for CloudFront',
    });
  }
}
