import type { CustomMessageTriggerEvent } from 'aws-lambda';
import { logger } from '../lib/logger';

/**
 * Cognito CustomMessage trigger: brands the verification and password-reset emails.
 * It returns the event unchanged until the account emails are designed.
 */
export const handler = async (event: CustomMessageTriggerEvent): Promise<CustomMessageTriggerEvent> => {
  logger.info('custom message', { trigger: event.triggerSource });
  return event;
};
