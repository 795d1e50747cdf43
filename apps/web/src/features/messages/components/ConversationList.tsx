import { NavLink } from 'react-router';
import { Avatar } from '../../../components/Avatar/Avatar';
import { Button } from '../../../components/Button/Button';
import { Spinner } from '../../../components/Spinner/Spinner';
import { relativeAge } from '../../../lib/relativeAge';
import { TEXTS } from '../../../lib/allTexts';
import type { Conversation, MemberSummary } from '../messages.api';
import { useInbox } from '../inbox.queries';
import styles from './Messages.module.css';

export function otherMembers(conversation: Pick<Conversation, 'members'>, viewerId: string): MemberSummary[] {
  const others = conversation.members.filter((member) => member.id !== viewerId);
  return others.length > 0 ? others : conversation.members;
}

/** A removed person comes without a name or username: an unavailable account (decision 045). */
export function isUnavailable(member: MemberSummary): boolean {
  return !member.username;
}

/** A member's name; an unavailable account shows as such. */
export function memberName(member: MemberSummary): string {
  return isUnavailable(member) ? TEXTS.messages.unavailableAccount : member.full_name || member.username;
}

export function memberNames(members: readonly MemberSummary[]): string {
  return members.map(memberName).join(', ');
}

/** The inbox: conversations, newest activity first, unread ones marked. */
export function ConversationList({ viewerId }: { viewerId: string }) {
  const inbox = useInbox();

  if (inbox.isPending) return <Spinner />;
  if (inbox.isError) {
    return (
      <div className={styles.listStatus} role="alert">
        <p>{TEXTS.genericError}</p>
        <Button onPress={() => void inbox.refetch()}>{TEXTS.tryAgain}</Button>
      </div>
    );
  }
  const conversations = inbox.data.pages.flatMap((page) => page.data);
  if (conversations.length === 0) {
    return (
      <div className={styles.listStatus}>
        <p className={styles.listEmptyTitle}>{TEXTS.messages.empty}</p>
        <p className={styles.quiet}>{TEXTS.messages.emptyBody}</p>
      </div>
    );
  }

  return (
    <nav aria-label={TEXTS.messages.inboxLabel}>
      <ul className={styles.list}>
        {conversations.map((conversation) => {
          const others = otherMembers(conversation, viewerId);
          const first = others[0];
          const names = memberNames(others);
          const last = conversation.last_message;
          const lastText = last && !last.text && (last.pin || last.pin_unavailable) ? TEXTS.messages.sentPin : (last?.text ?? '');
          const preview = last ? (last.sender_id === viewerId ? TEXTS.messages.youPrefix({ text: lastText }) : lastText) : '';
          return (
            <li key={conversation.id}>
              <NavLink to={`/conversation/${conversation.id}/`} className={styles.listItem} data-unread={conversation.unread || undefined}>
                <Avatar name={first ? memberName(first) : names} imageUrl={first?.image_medium_url} size={48} />
                <span className={styles.listText}>
                  <span className={styles.listTop}>
                    <span className={styles.listName}>{names}</span>
                    <time className={styles.listTime} dateTime={conversation.last_message_at}>
                      {relativeAge(conversation.last_message_at)}
                    </time>
                  </span>
                  <span className={styles.listPreview}>{preview}</span>
                </span>
                {conversation.unread && <span className={styles.unreadDot} role="img" aria-label={TEXTS.messages.unread} />}
              </NavLink>
            </li>
          );
        })}
      </ul>
      {inbox.hasNextPage && (
        <div className={styles.listStatus}>
          <Button size="small" onPress={() => void inbox.fetchNextPage()} isDisabled={inbox.isFetchingNextPage}>
            {TEXTS.profilePage.loadMore}
          </Button>
        </div>
      )}
    </nav>
  );
}
