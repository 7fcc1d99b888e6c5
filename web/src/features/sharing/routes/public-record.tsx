import { useParams } from 'react-router-dom';
import { SHARING_MESSAGES } from '../../../../../shared/sharing/schemas';
import { ApiError } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { usePublicRecord } from '../api/sharing-api';
import { PublicRecordView } from '../components/PublicRecordView';
import '../sharing.css';

/** `/u/:slug`: an investor's public record, under the display name they chose. */
export function Component() {
  const { slug = '' } = useParams();
  const query = usePublicRecord(slug);
  useDocumentTitle(query.data ? `${query.data.displayName}: public record` : 'Public record');
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
      <PublicRecordView view={query.data} />
    </div>
  );
}
