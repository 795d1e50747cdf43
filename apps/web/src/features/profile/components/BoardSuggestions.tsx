import { Link } from 'react-router';
import { TEXTS } from '../../../lib/ownerTexts';
import sections from './ProfileSections.module.css';
import { clusterName } from '../../partner/clusters.api';
import { usePinClusters } from '../../partner/clusters.queries';
import styles from '../../partner/components/Partner.module.css';

/**
 * The owner's board suggestions: clusters of unorganized Pins that look
 * alike, each opening the create-board page for it (docs/product/profiles-and-boards.md §2).
 */
export function BoardSuggestions() {
  const clusters = usePinClusters();
  const list = clusters.data ?? [];
  if (list.length === 0) return null;
  return (
    <section className={sections.section} aria-labelledby="board-suggestions">
      <div className={sections.sectionHeader}>
        <h2 id="board-suggestions" className={sections.sectionHeading}>
          {TEXTS.partner.suggestionsHeading}
        </h2>
      </div>
      <p className={sections.quietLeft}>{TEXTS.partner.suggestionsIntro}</p>
      <ul className={styles.suggestions}>
        {list.map((cluster) => (
          <li key={cluster.id}>
            <Link
              to={`/board/create/cluster/${cluster.id}/`}
              className={styles.suggestion}
              aria-label={TEXTS.partner.suggestionLabel({ name: clusterName(cluster) })}
            >
              <div className={styles.suggestionImages} aria-hidden="true">
                {cluster.thumbnails.slice(0, 3).map((url, index) => (
                  <img key={`${index}:${url}`} src={url} alt="" loading="lazy" />
                ))}
              </div>
              <span className={styles.suggestionName}>{clusterName(cluster)}</span>
              <span className={styles.suggestionMeta}>
                {TEXTS.partner.suggestionPins({ n: cluster.pin_count })} · {TEXTS.partner.createFromSuggestion}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
