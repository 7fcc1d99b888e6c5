import { CONTACT_RATE_LIMIT, contactRequest } from '../../shared/schemas/contact';
import { deliverContactMessage } from '../contact/mail';
import { respond, route, routeIn } from '../lib/http';
import { systemRoutes } from '../../shared/routes/system';
import { clientAddress } from '../lib/client';
import { keys } from '../lib/keys';
import { logger } from '../lib/logger';
import { takeRateLimit } from '../lib/rate-limit';

function tooMany(retryAfterSeconds: number) {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  const wait = minutes <= 1 ? 'a minute' : `${minutes} minutes`;
  return respond(
    429,
    {
      message: `You have sent several messages in a short time. Please wait ${wait} before sending another one.`,
    },
    { 'retry-after': String(retryAfterSeconds) },
  );
}

/** The contact form: to support through SES (nothing to the address typed in: decision 123). */
export const handler = route<typeof contactRequest>(
  routeIn(systemRoutes, 'contact'),
  async ({ input: message, event }) => {
    const { windowSeconds, perSender, perAddress } = CONTACT_RATE_LIMIT;
    const sender = await takeRateLimit({
      key: (window) => keys.rateLimit('client-contact-sender', message.email, window),
      limit: perSender,
      windowSeconds,
    });
    if (!sender.allowed) return tooMany(sender.retryAfterSeconds);
    // The viewer's address as CloudFront forwards it (its own edge address says nothing).
    const address = await takeRateLimit({
      key: (window) => keys.rateLimit('client-contact-ip', clientAddress(event), window),
      limit: perAddress,
      windowSeconds,
    });
    if (!address.allowed) return tooMany(address.retryAfterSeconds);
    await deliverContactMessage(message);
    logger.info('contact message sent');
    return {
      message: `Thank you! Your message has been sent. We will reply to ${message.email}.`,
    };
  },
);
