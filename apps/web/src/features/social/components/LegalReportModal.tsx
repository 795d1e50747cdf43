import { MESSAGES } from '../../../lib/messages';
import { Modal } from '../../../components/Modal/Modal';
import { showToast } from '../../../components/Toast/toasts';
import { TEXTS } from '../../../lib/allTexts';
import type { LegalForm } from '../profileOptions';
import styles from './SocialDialogs.module.css';
import { TakedownForm } from './TakedownForm';

export interface LegalReportModalProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  form: LegalForm;
  target: { id: string; username: string; name: string };
  /** The viewer's country, when known. */
  country?: string | null;
}

/**
 * The regional legal report on a profile (EU: dsa, India: india): the
 * takedown form of that region (anonymous reports taken; trusted flaggers
 * on the EU form only; one law per report).
 */
export function LegalReportModal({ isOpen, onOpenChange, form, target, country }: LegalReportModalProps) {
  const close = () => onOpenChange(false);
  return (
    <Modal isOpen={isOpen} onOpenChange={onOpenChange} title={form === 'dsa' ? MESSAGES.profile.reportEuLaw : MESSAGES.profile.reportIndianLaw}>
      <p className={styles.quiet}>{TEXTS.social.legalIntro({ form })}</p>
      <TakedownForm
        form={form}
        country={country}
        target={{ userId: target.id, url: `${window.location.origin}/${target.username}/` }}
        onCancel={close}
        onSent={() => {
          close();
          showToast(TEXTS.social.legalSent);
        }}
      />
    </Modal>
  );
}
