import { Modal } from '../../../components/Modal/Modal';
import { pinAltText, pinTitle } from '../../../lib/pinText';
import * as TEXTS from '../../../lib/allTexts';
import { ShareBody } from '../../social/components/ShareProfileModal';
import type { Pin } from '../pins.api';

export interface SendPinModalProps {
  pin: Pin;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
}

/** 'Send this Pin': the Pin's link to copy, and people to send the Pin to (it arrives as a small Pin in the conversation). */
export function SendPinModal({ pin, isOpen, onOpenChange }: SendPinModalProps) {
  return (
    <Modal isOpen={isOpen} onOpenChange={onOpenChange} title={TEXTS.pin.sendTitle}>
      {isOpen && <ShareBody link={`${window.location.origin}/pin/${pin.id}/`} name={pinTitle(pin) || pinAltText(pin)} linkLabel={TEXTS.pin.linkLabel} pinId={pin.id} />}
    </Modal>
  );
}
