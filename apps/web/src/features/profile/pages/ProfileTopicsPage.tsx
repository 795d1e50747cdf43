import { MESSAGES } from '../../../lib/messages';
import { ideaPath, IDEA_CATEGORIES_SHORT } from '@pinboard/shared/constants/ideas';
import { ButtonLink } from '../../../components/Button/Button';
import { EmptyState } from '../../../components/EmptyState/EmptyState';
import { InfiniteSentinel } from '../../../components/masonry/InfiniteSentinel';
import { Spinner } from '../../../components/Spinner/Spinner';
import { profileName } from '../components/ProfileHeader';
import { TitledHeader } from '../components/TitledHeader';
import { TopicCard } from '../../topics/components/TopicCard';
import topicStyles from '../../topics/components/Topics.module.css';
import { useUserTopics } from '../../topics/topics.queries';
import { TEXTS } from '../../../lib/allTexts';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { hiddenFrom, type PageContext } from './pageContext';

/** /{username}/topics/: the topics the person follows (docs/product/profiles-and-boards.md §2), each with its follow button for a signed-in viewer. */
export function ProfileTopicsPage(context: PageContext) {
  const { profile, viewer, isOwner } = context;
  const name = profileName(profile);
  useDocumentTitle(`${TEXTS.topics.tabTitle} · ${name}`);
  const hidden = hiddenFrom(context);
  const topics = useUserTopics(profile.username);
  const items = topics.data?.pages.flatMap((p) => p.data) ?? [];

  return (
    <>
      <TitledHeader profile={profile} title={TEXTS.topics.tabTitle} />
      {hidden ? (
        <EmptyState illustration={false}>{MESSAGES.profile.privateBody}</EmptyState>
      ) : topics.isPending ? (
        <Spinner label={TEXTS.loading} />
      ) : items.length === 0 ? (
        <EmptyState
          heading={isOwner ? TEXTS.topics.emptyOwn : TEXTS.topics.emptyOther({ name })}
          action={
            isOwner ? (
              <ButtonLink to={ideaPath(IDEA_CATEGORIES_SHORT[0]!.slug)} variant="primary" size="large">
                {TEXTS.topics.browse}
              </ButtonLink>
            ) : undefined
          }
        >
          {isOwner ? TEXTS.topics.emptyBody : null}
        </EmptyState>
      ) : (
        <>
          <ul className={topicStyles.grid} aria-label={TEXTS.topics.tabTitle}>
            {items.map((topic) => (
              <TopicCard key={topic.id} topic={topic} canFollow={!!viewer} />
            ))}
          </ul>
          <InfiniteSentinel hasMore={topics.hasNextPage} isLoading={topics.isFetchingNextPage} onLoadMore={() => void topics.fetchNextPage()} />
        </>
      )}
    </>
  );
}
