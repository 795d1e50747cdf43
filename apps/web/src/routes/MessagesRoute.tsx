import { useParams } from 'react-router';
import { Icon } from '../components/Icon/Icon';
import { ConversationList } from '../features/messages/components/ConversationList';
import { ConversationView } from '../features/messages/components/ConversationView';
import styles from '../features/messages/components/Messages.module.css';
import { RequireSignedIn } from '../features/session/components/RequireSignedIn';
import { TEXTS } from '../lib/allTexts';
import { useDocumentTitle } from '../lib/useDocumentTitle';
import { useMediaQuery } from '../lib/useMediaQuery';

/** /messages/ (the inbox) and /conversation/{id}/ (one conversation beside the inbox on wide screens). */
export function MessagesRoute() {
  const { id = '' } = useParams();
  const narrow = useMediaQuery('(max-width: 767px)');
  useDocumentTitle(id ? null : TEXTS.messages.inbox);

  return (
    <RequireSignedIn heading={TEXTS.messages.inbox} body={TEXTS.messages.login} next={id ? `/conversation/${id}/` : '/messages/'}>
      {(viewer) => {
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
      }}
    </RequireSignedIn>
  );
}
