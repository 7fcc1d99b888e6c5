import { ScreenerPage } from '../components/ScreenerPage';

export function Component() {
  return <ScreenerPage />;
}
