import { useParams } from 'react-router-dom';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { usePublicRecord } from '../api/sharing-api';
import { PublicQueryState } from '../components/PublicQueryState';
import { PublicRecordView } from '../components/PublicRecordView';
import '../sharing.css';

/** `/u/:slug`: an investor's public record, under the display name they chose. */
export function Component() {
  const { slug = '' } = useParams();
  const query = usePublicRecord(slug);
  useDocumentTitle(query.data ? `${query.data.displayName}: public record` : 'Public record');
  return (
    <PublicQueryState query={query}>{(view) => <PublicRecordView view={view} />}</PublicQueryState>
  );
}
