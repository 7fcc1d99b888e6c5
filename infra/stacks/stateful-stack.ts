import { Stack, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import type { InfraConfig } from '../config';
import { siteUrlFrom } from '../config';
import { Auth } from '../constructs/auth';
import { Data } from '../constructs/data';
import { Secrets } from '../constructs/secrets';
import { Storage } from '../constructs/storage';
import { guardTemplateSize } from './limits';

export interface StatefulStackProps extends StackProps {
  config: InfraConfig;
}

/** What holds users' data and identities: retained, changed rarely, deployed first. */
export class StatefulStack extends Stack {
  readonly auth: Auth;
  readonly data: Data;
  readonly storage: Storage;
  readonly secrets: Secrets;

  constructor(scope: Construct, id: string, props: StatefulStackProps) {
    super(scope, id, props);
    const { config } = props;
    const siteUrl = siteUrlFrom(config);

    this.data = new Data(this, 'Data');
    this.auth = new Auth(this, 'Auth', {
      mailFrom: config.mailFrom,
      ...(config.sesRegion ? { sesRegion: config.sesRegion } : {}),
      supportEmail: config.supportEmail,
      ...(siteUrl ? { siteUrl } : {}),
      logRetentionDays: config.logRetentionDays,
    });
    this.storage = new Storage(this, 'Storage', siteUrl ? { uploadOrigins: [siteUrl] } : {});
    this.secrets = new Secrets(this, 'Secrets');
    guardTemplateSize(this, 'Move a group of resources into a nested stack.');
  }
}
