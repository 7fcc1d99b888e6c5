import { useParams } from 'react-router-dom';
import { PlaceholderPage } from '../../../components/Page';

/** /Market/{id}: a saved valuation opened for review or a Re-Pitch. */
export function Component() {
  const { id = '' } = useParams();
  return (
    <PlaceholderPage title="Saved valuation">
      <p>
        Valuation <strong>{id}</strong> opens here with its stock and methodology.
      </p>
    </PlaceholderPage>
  );
}
