import { WatchlistPage } from '../components/WatchlistPage';

export function Component() {
  return <WatchlistPage />;
}
