import { HeatmapPage } from '../components/HeatmapPage';

/** /Heatmap: the market map (public, like the company view). */
export function Component() {
  return <HeatmapPage />;
}
