import { Logger } from '@aws-lambda-powertools/logger';

/** One logger per Lambda instance (module scope), structured JSON in CloudWatch. */
export const logger = new Logger({
  serviceName: 'mr-market',
  logLevel: (process.env.LOG_LEVEL as 'INFO' | 'DEBUG' | 'WARN' | 'ERROR' | undefined) ?? 'INFO',
});
