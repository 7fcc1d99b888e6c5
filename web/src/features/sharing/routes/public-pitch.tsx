import { useParams } from 'react-router-dom';
import { SHARING_MESSAGES } from '../../../../../shared/sharing/schemas';
import { ApiError } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { usePublicPitch } from '../api/sharing-api';
import { PublicPitchView } from '../components/PublicPitchView';
import '../sharing.css';

/** `/p/:slug`: a shared pitch, open to anyone with the link. */
export function Component() {
  const { slug = '' } = useParams();
  const query = usePublicPitch(slug);
  useDocumentTitle(query.data ? `${query.data.current.stock_symbol} pitch` : 'Shared pitch');
  if (query.isPending) return <p className="page">Loading…</p>;
  if (query.isError) {
    const gone = query.error instanceof ApiError && query.error.status === 404;
    return (
      <section className="page">
        <h1 className="page__title">
          {gone ? SHARING_MESSAGES.notFound : 'Something went wrong.'}
        </h1>
      </section>
    );
  }
  return (
    <div className="page">
      <PublicPitchView view={query.data} />
    </div>
  );
}
