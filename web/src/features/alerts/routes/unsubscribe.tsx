import { UnsubscribePage } from '../components/UnsubscribePage';

export function Component() {
  return <UnsubscribePage />;
}
