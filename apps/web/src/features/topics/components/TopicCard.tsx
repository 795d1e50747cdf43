import { Link } from 'react-router';
import { topicName } from '../../../lib/i18n';
import type { Topic } from '../topics.api';
import { FollowTopicButton } from './FollowTopicButton';
import styles from './Topics.module.css';

/** A followed topic on the profile's topics tab: its image, name (linking to its idea page) and follow button. */
export function TopicCard({ topic, canFollow }: { topic: Topic; canFollow: boolean }) {
  return (
    <li className={styles.card}>
      <Link to={topic.url} className={styles.cardLink}>
        <span className={styles.cardImage} style={{ backgroundColor: topic.dominant_color ?? 'var(--color-grey)' }}>
          {topic.image && <img src={topic.image.url} alt="" loading="lazy" />}
        </span>
        <span className={styles.cardName}>{topicName(topic)}</span>
      </Link>
      {canFollow && <FollowTopicButton topic={topic} size="small" />}
    </li>
  );
}
