import { ALERT_MESSAGES } from '../../shared/schemas/alerts';
import { BadRequestError, NotFoundError } from '../lib/errors';
import { alertStore, removeAlert } from './store';
import { alertTokenKey, verifyAlertToken } from './token';

/**
 * The email's unsubscribe link: a valid token removes the rule it names (a second use finds
 * it gone and says so); a token not signed with the key is refused and changes nothing.
 */
export async function unsubscribe(
  token: string,
): Promise<{ removed: boolean; stock_symbol: string | null }> {
  const subject = verifyAlertToken(await alertTokenKey(), token);
  if (!subject) throw new BadRequestError(ALERT_MESSAGES.badToken);
  try {
    const rule = await removeAlert(alertStore(), subject.userId, subject.alertId);
    return { removed: true, stock_symbol: rule.symbol };
  } catch (error) {
    if (error instanceof NotFoundError) return { removed: false, stock_symbol: null };
    throw error;
  }
}
