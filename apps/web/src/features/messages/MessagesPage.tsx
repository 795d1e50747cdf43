import { Icon } from '../../components/Icon/Icon';
import { ConversationList } from './components/ConversationList';
import { ConversationView } from './components/ConversationView';
import styles from './components/Messages.module.css';
import { RequireSignedIn } from '../session/components/RequireSignedIn';
import { TEXTS } from '../../lib/allTexts';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { useMediaQuery } from '../../lib/useMediaQuery';

/** /messages/ (the inbox) and /conversation/{id}/ (one conversation beside the inbox on wide screens). */
export function MessagesPage({ id }: { id: string }) {
  const narrow = useMediaQuery('(max-width: 767px)');
  useDocumentTitle(id ? null : TEXTS.messages.inbox);

  return (
    <RequireSignedIn heading={TEXTS.messages.inbox} body={TEXTS.messages.login} next={id ? `/conversation/${id}/` : '/messages/'}>
      {(viewer) => {
        return (
          <div className={styles.layout} data-pane={id ? 'conversation' : 'list'}>
            <div className={styles.listPane}>
              {id ? <h2 className={styles.listHeading}>{TEXTS.messages.inbox}</h2> : <h1 className={styles.listHeading}>{TEXTS.messages.inbox}</h1>}
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
