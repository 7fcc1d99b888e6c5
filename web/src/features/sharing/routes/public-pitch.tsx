import { useParams } from 'react-router-dom';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { usePublicPitch } from '../api/sharing-api';
import { PublicPitchView } from '../components/PublicPitchView';
import { PublicQueryState } from '../components/PublicQueryState';
import '../sharing.css';

/** `/p/:slug`: a shared pitch, open to anyone with the link. */
export function Component() {
  const { slug = '' } = useParams();
  const query = usePublicPitch(slug);
  useDocumentTitle(query.data ? `${query.data.current.stock_symbol} pitch` : 'Shared pitch');
  return (
    <PublicQueryState query={query}>{(view) => <PublicPitchView view={view} />}</PublicQueryState>
  );
}
