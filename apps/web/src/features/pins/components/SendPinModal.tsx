import { useEffect, useState } from 'react';
import { withNicMarker } from '@pinboard/shared/constants/entryChannels';
import { Modal } from '../../../components/Modal/Modal';
import { api } from '../../../lib/api';
import { pinAltText, pinTitle } from '../../../lib/pinText';
import { TEXTS } from '../../../lib/allTexts';
import { ShareBody } from '../../social/components/ShareProfileModal';
import type { Pin } from '../pins.api';

export interface SendPinModalProps {
  pin: Pin;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** The sharer's id: their encrypted social tracking id goes on the link (docs/product/logged-out-and-business.md §7). */
  viewerId?: string | undefined;
}

/**
 * The Pin link handed out to share: it carries no invite parameter, so it
 * gets the non-invite marker (nic_v4=1a on the web, 1b on mobile web) and the
 * sharer's encrypted social tracking id (`sti`), read once per modal.
 */
export function useSharedPinLink(pinId: string, viewerId: string | undefined): string {
  const [trackingId, setTrackingId] = useState<string | null>(null);
  useEffect(() => {
    if (!viewerId) return;
    let live = true;
    api
      .resource('SocialTrackingIdResource', 'get', { user_id: viewerId })
      .then((result) => live && setTrackingId(result.data))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [viewerId]);
  const mobile = typeof window !== 'undefined' && window.matchMedia('(max-width: 767px)').matches;
  const link = withNicMarker(`${window.location.origin}/pin/${pinId}/`, mobile);
  return trackingId ? `${link}&sti=${encodeURIComponent(trackingId)}` : link;
}

/** 'Send this Pin': the Pin's link to copy, and people to send the Pin to (it arrives as a small Pin in the conversation). */
export function SendPinModal({ pin, isOpen, onOpenChange, viewerId }: SendPinModalProps) {
  const link = useSharedPinLink(pin.id, isOpen ? viewerId : undefined);
  return (
    <Modal isOpen={isOpen} onOpenChange={onOpenChange} title={TEXTS.pin.sendTitle}>
      {isOpen && <ShareBody link={link} name={pinTitle(pin) || pinAltText(pin)} linkLabel={TEXTS.pin.linkLabel} pinId={pin.id} />}
    </Modal>
  );
}
