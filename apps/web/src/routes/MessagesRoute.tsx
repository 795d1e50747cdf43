import { useParams } from 'react-router';
import { ButtonLink } from '../components/Button/Button';
import { EmptyState } from '../components/EmptyState/EmptyState';
import { Icon } from '../components/Icon/Icon';
import { Spinner } from '../components/Spinner/Spinner';
import { ConversationList } from '../features/messages/components/ConversationList';
import { ConversationView } from '../features/messages/components/ConversationView';
import styles from '../features/messages/components/Messages.module.css';
import { useViewer } from '../features/session/session.queries';
import * as TEXTS from '../lib/allTexts';
import { useDocumentTitle } from '../lib/useDocumentTitle';
import { useMediaQuery } from '../lib/useMediaQuery';

/** /messages/ (the inbox) and /conversation/{id}/ (one conversation beside the inbox on wide screens). */
export function MessagesRoute() {
  const { id = '' } = useParams();
  const { data: viewer, isPending } = useViewer();
  const narrow = useMediaQuery('(max-width: 767px)');
  useDocumentTitle(id ? null : TEXTS.messages.inbox);

  if (isPending) return <Spinner />;
  if (!viewer?.isAuth) {
    const next = encodeURIComponent(id ? `/conversation/${id}/` : '/messages/');
    return (
      <EmptyState
        headingLevel={1}
        heading={TEXTS.messages.inbox}
        action={
          <ButtonLink to={`/login/?next=${next}`} variant="primary" size="large">
            {TEXTS.nav.logIn}
          </ButtonLink>
        }
      >
        {TEXTS.messages.login}
      </EmptyState>
    );
  }

  return (
    <div className={styles.layout} data-pane={id ? 'conversation' : 'list'}>
      <div className={styles.listPane}>
        {id ? (
          <h2 className={styles.listHeading}>{TEXTS.messages.inbox}</h2>
        ) : (
          <h1 className={styles.listHeading}>{TEXTS.messages.inbox}</h1>
        )}
        <div className={styles.listScroll}>
          <ConversationList viewerId={viewer.id} />
        </div>
      </div>
      <div className={styles.mainPane}>
        {id ? (
          <ConversationView key={id} conversationId={id} viewerId={viewer.id} showBack={narrow} />
        ) : (
          <div className={styles.placeholder}>
            <span className={styles.placeholderIcon} aria-hidden="true">
              <Icon name="message" size={32} />
            </span>
            <p>{TEXTS.messages.choose}</p>
          </div>
        )}
      </div>
    </div>
  );
}
