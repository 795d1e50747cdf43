import { useState } from 'react';
import { Button } from '../../components/Button/Button';
import { Icon } from '../../components/Icon/Icon';
import { TEXTS } from '../../lib/texts';
import { useSignedInViewer } from '../session/session.queries';
import { EmailVerificationModal } from '../../overlays';
import styles from './EmailVerification.module.css';

/**
 * A reminder for a signed-in person whose email is not verified yet; its
 * button opens the verification modal. Renders nothing for everyone else.
 */
export function EmailVerificationBanner() {
  const viewer = useSignedInViewer();
  const [open, setOpen] = useState(false);
  if (!viewer || viewer.email_verified !== false) return null;
  return (
    <section className={styles.banner} aria-label={TEXTS.emailVerification.openModal}>
      <Icon name="alert" size={20} />
      <p className={styles.bannerText}>{TEXTS.emailVerification.banner}</p>
      <Button variant="secondary" size="small" onPointerEnter={EmailVerificationModal.prefetch} onPress={() => setOpen(true)}>
        {TEXTS.emailVerification.openModal}
      </Button>
      <EmailVerificationModal isOpen={open} onOpenChange={setOpen} />
    </section>
  );
}
