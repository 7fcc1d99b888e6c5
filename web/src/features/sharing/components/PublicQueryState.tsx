import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { SHARING_MESSAGES } from '../../../../../shared/sharing/schemas';
import { ApiError } from '../../../lib/api-client';

/** A public page's data: loading, gone (404: not shared, or no longer), failed, or shown. */
export function PublicQueryState<T>({
  query,
  children,
}: {
  query: UseQueryResult<T>;
  children: (data: T) => ReactNode;
}) {
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
  return <div className="page">{children(query.data)}</div>;
}
