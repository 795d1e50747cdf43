import { useState } from 'react';
import { Button } from '../../../components/Button/Button';
import { Modal } from '../../../components/Modal/Modal';
import { TEXTS } from '../../../lib/allTexts';
import { MessageFlyout } from '../../messages/components/MessageFlyout';
import { ShareProfileModal } from '../../../overlays';
import styles from './SocialDialogs.module.css';

export type UpsellKind = 'message' | 'share';

export interface PostFollowUpsellProps {
  kind: UpsellKind | null;
  onClose: () => void;
  profile: { id: string; username: string; name: string };
}

/**
 * After following through an invite: a message upsell when the profile
 * already follows the viewer, else a share upsell whose button moves on to
 * the share menu.
 */
export function PostFollowUpsell({ kind, onClose, profile }: PostFollowUpsellProps) {
  const [sharing, setSharing] = useState(false);
  return (
    <>
      <Modal
        isOpen={kind !== null && !sharing}
        onOpenChange={(open) => !open && onClose()}
        title={kind === 'message' ? TEXTS.profilePage.messageUpsellTitle({ name: profile.name }) : TEXTS.profilePage.shareUpsellTitle({ name: profile.name })}
      >
        {(close) => (
          <div className={styles.body}>
            <p className={styles.text}>{kind === 'message' ? TEXTS.profilePage.messageUpsellBody : TEXTS.profilePage.shareUpsellBody}</p>
            <div className={styles.actions}>
              <Button variant="secondary" size="large" onPress={close}>
                {TEXTS.profilePage.notNow}
              </Button>
              {kind === 'message' ? (
                <MessageFlyout recipient={{ id: profile.id, name: profile.name }} />
              ) : (
                <Button variant="primary" size="large" onPress={() => setSharing(true)}>
                  {TEXTS.profilePage.shareProfile}
                </Button>
              )}
            </div>
          </div>
        )}
      </Modal>
      <ShareProfileModal
        isOpen={sharing}
        onOpenChange={(open) => {
          if (!open) {
            setSharing(false);
            onClose();
          }
        }}
        profile={{ username: profile.username, name: profile.name }}
      />
    </>
  );
}
