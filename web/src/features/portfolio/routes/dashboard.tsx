import { PortfolioDashboard } from '../components/PortfolioDashboard';

export function Component() {
  return <PortfolioDashboard title="Dashboard" />;
}
