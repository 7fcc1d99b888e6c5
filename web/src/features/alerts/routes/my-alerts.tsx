import { AlertsPage } from '../components/AlertsPage';

export function Component() {
  return <AlertsPage />;
}
