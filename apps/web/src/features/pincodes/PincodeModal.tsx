import { pincodePath } from '@pinboard/shared/schemas/pincodes';
import { buttonClass } from '../../components/Button/Button';
import { Modal } from '../../components/Modal/Modal';
import { TEXTS } from '../../lib/allTexts';
import styles from './Pincode.module.css';

export type PincodeSubject = { kind: 'profile'; username: string; name: string } | { kind: 'board'; boardId: string; name: string };

export interface PincodeModalProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  subject: PincodeSubject;
}

/**
 * "Create pincode" (docs/product/profiles-and-boards.md §2; decision 061): a profile's or a
 * board's scannable code, drawn by the server for the signed-in viewer, with
 * downloads as PNG and SVG.
 */
export function PincodeModal({ isOpen, onOpenChange, subject }: PincodeModalProps) {
  const base = subject.kind === 'profile' ? pincodePath.profile(subject.username) : pincodePath.board(subject.boardId);
  const body = subject.kind === 'profile' ? TEXTS.pincode.profileBody({ name: subject.name }) : TEXTS.pincode.boardBody({ name: subject.name });
  return (
    <Modal isOpen={isOpen} onOpenChange={onOpenChange} title={TEXTS.pincode.title}>
      {isOpen && (
        <div className={styles.body}>
          <img className={styles.code} src={`${base}?format=svg`} width={240} height={240} alt={TEXTS.pincode.imageAlt({ name: subject.name })} />
          <p className={styles.text}>{body}</p>
          <div className={styles.actions}>
            <a className={buttonClass({ variant: 'primary' })} href={`${base}?format=png&download=1`} download>
              {TEXTS.pincode.downloadPng}
            </a>
            <a className={buttonClass({ variant: 'secondary' })} href={`${base}?format=svg&download=1`} download>
              {TEXTS.pincode.downloadSvg}
            </a>
          </div>
        </div>
      )}
    </Modal>
  );
}
