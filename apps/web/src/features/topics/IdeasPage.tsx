import { useState } from 'react';
import { IDEA_CATEGORIES_LONG, ideaPath } from '@pinboard/shared/constants/ideas';
import { ButtonLink } from '../../components/Button/Button';
import { EmptyState } from '../../components/EmptyState/EmptyState';
import { NotFoundView } from '../../components/NotFoundView/NotFoundView';
import { PinFeed } from '../feeds/components/PinFeed';
import { FollowTopicButton } from './components/FollowTopicButton';
import topicStyles from './components/Topics.module.css';
import type { Topic } from './topics.api';
import { useIdeaPage } from './topics.queries';
import { isApiError } from '../../lib/api';
import { TEXTS } from '../../lib/allTexts';
import { formatNumber, getLocale, lowerName, topicName } from '../../lib/i18n';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import styles from './IdeasPage.module.css';

/**
 * An idea category page (/ideas/{slug}/): the category's public Pins as an
 * infinite masonry, its sub-topics as chips that narrow the feed, and a
 * follow button. An unknown slug is the not-found page.
 */
export function IdeasPage({ slug }: { slug: string }) {
  const category = IDEA_CATEGORIES_LONG.find((c) => c.slug === slug);
  const page = useIdeaPage(slug);
  const [chip, setChip] = useState<string | null>(null);
  useDocumentTitle(category ? TEXTS.topics.ideaTitle({ name: topicName(category) }) : null);
  if (!category || (page.isError && isApiError(page.error) && page.error.isNotFound)) return <NotFoundView />;
  if (page.isError) throw page.error;

  const idea = page.data;
  const selected: Topic | null = (chip && idea?.children.find((c) => c.slug === chip)) || null;
  const feedSlug = selected?.slug ?? category.slug;
  // Names by slug from the topics catalogue, in the page's language (the API's are en-US).
  const name = topicName(category);
  const shownName = selected ? topicName(selected) : name;

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.title}>{name}</h1>
        {idea && <p className={styles.description}>{TEXTS.ideas.description(describe(name, idea.children.map(topicName)))}</p>}
        {idea && (
          <div className={styles.follow}>
            <FollowTopicButton topic={selected ?? idea} />
            <span className={styles.followers}>{TEXTS.topics.followers(counted(selected?.follower_count ?? idea.follower_count))}</span>
          </div>
        )}
      </header>
      {idea && idea.children.length > 0 && (
        <ul className={topicStyles.chips} aria-label={TEXTS.topics.chipsLabel}>
          <li>
            <button type="button" className={`${topicStyles.chip} ${topicStyles.chipNoImage}`} aria-pressed={selected === null} onClick={() => setChip(null)}>
              {TEXTS.topics.all}
            </button>
          </li>
          {idea.children.map((child) => (
            <li key={child.id}>
              <button type="button" className={topicStyles.chip} aria-pressed={selected?.id === child.id} onClick={() => setChip(child.slug)}>
                <span className={topicStyles.chipImage} style={{ backgroundColor: child.dominant_color ?? 'var(--color-grey-strong)' }}>
                  {child.image && <img src={child.image.url} alt="" />}
                </span>
                {topicName(child)}
              </button>
            </li>
          ))}
        </ul>
      )}
      <PinFeed
        key={feedSlug}
        source={{ kind: 'idea', slug: feedSlug }}
        label={TEXTS.topics.feedLabel({ name: shownName })}
        empty={
          <EmptyState heading={TEXTS.topics.emptyHeading} link={{ to: '/', label: TEXTS.ideas.explore }}>
            {TEXTS.ideas.body({ label: lowerName(shownName) })}
          </EmptyState>
        }
      />
      <h2 className={styles.othersHeading}>{TEXTS.ideas.other}</h2>
      <ul className={styles.others}>
        {IDEA_CATEGORIES_LONG.filter((c) => c.slug !== category.slug).map((c) => (
          <li key={c.slug}>
            <ButtonLink to={ideaPath(c.slug)} variant="secondary">
              {topicName(c)}
            </ButtonLink>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The line under an idea page's heading: its name, and its sub-topics' names when it has any. */
function describe(name: string, children: readonly string[]) {
  return { name, lower: lowerName(name), count: children.length, children: children.map((c) => lowerName(c)).join(getLocale() === 'ja' ? '、' : ', ') };
}

const counted = (n: number) => ({ n, formatted: formatNumber(n) });
