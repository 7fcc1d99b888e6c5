import { NEWS_COUNT } from '../../../../../shared/company/figures';
import { formatNewsDate } from '../../../../../shared/format/dates';
import type { NewsItem } from '../../../../../shared/market';

/** Only web links open from the news list. */
function safeUrl(url: string): string | undefined {
  return /^https?:\/\//i.test(url) ? url : undefined;
}

/** The latest five news items: image, title link (new tab), date MM-DD-YYYY, text. */
export function NewsList({ news }: { news: readonly NewsItem[] }) {
  return (
    <section className="company-panel" aria-label="News">
      <h3 className="company-panel__title">News</h3>
      {news.length === 0 ? (
        <p className="company-empty">No news for this company right now.</p>
      ) : (
        <ul className="news-list">
          {news.slice(0, NEWS_COUNT).map((item) => {
            const href = safeUrl(item.url);
            const image = item.image && safeUrl(item.image);
            return (
              <li key={`${item.url}-${item.publishedDate}`} className="news-list__item">
                {image ? (
                  <img
                    className="news-list__image"
                    src={image}
                    alt=""
                    loading="lazy"
                    width={120}
                    height={80}
                  />
                ) : (
                  <span className="news-list__image news-list__image--none" aria-hidden="true" />
                )}
                <div>
                  <h4 className="news-list__title">
                    {href ? (
                      <a href={href} target="_blank" rel="noopener noreferrer">
                        {item.title}
                      </a>
                    ) : (
                      item.title
                    )}
                  </h4>
                  <p className="news-list__meta">
                    <time dateTime={item.publishedDate}>{formatNewsDate(item.publishedDate)}</time>
                    {item.site ? ` · ${item.site}` : ''}
                  </p>
                  <p className="news-list__text">{item.text}</p>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
