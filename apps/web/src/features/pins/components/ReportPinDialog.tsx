import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { PIN_REPORT_REASONS, type PinReportReason } from '@pinboard/shared/constants/reports';
import { Button } from '../../../components/Button/Button';
import { FormError } from '../../../components/Field/Field';
import { Modal } from '../../../components/Modal/Modal';
import { showToast } from '../../../components/Toast/toasts';
import { isApiError } from '../../../lib/api';
import { TEXTS } from '../../../lib/allTexts';
import { reportPin } from '../pins.api';
import styles from './ReportPinDialog.module.css';

/**
 * The closeup's Report Pin dialog (loaded when first opened): one of the
 * shared PIN_REPORT_REASONS, sent to UserReportResource with `pin_id`; the
 * report goes to staff's moderation queue (decision 057).
 */
export function ReportPinDialog({ pinId, isOpen, onOpenChange }: { pinId: string; isOpen: boolean; onOpenChange: (open: boolean) => void }) {
  const [reason, setReason] = useState<PinReportReason | null>(null);
  const send = useMutation({ mutationFn: (r: PinReportReason) => reportPin({ pin_id: pinId, reason: r }) });
  const close = () => {
    if (send.isPending) return;
    setReason(null);
    send.reset();
    onOpenChange(false);
  };
  return (
    <Modal isOpen={isOpen} onOpenChange={(open) => !open && close()} title={TEXTS.pinReport.title} isDismissable={!send.isPending}>
      <form
        className={styles.report}
        onSubmit={(event) => {
          event.preventDefault();
          if (!reason) return;
          send.mutate(reason, {
            onSuccess: () => {
              close();
              showToast(TEXTS.pinReport.sent);
            },
          });
        }}
      >
        <p className={styles.quiet}>{TEXTS.pinReport.intro}</p>
        <fieldset className={styles.choices}>
          <legend className="visually-hidden">{TEXTS.social.reasonsLabel}</legend>
          {PIN_REPORT_REASONS.map((id) => (
            <label key={id} className={styles.choice}>
              <input type="radio" name="pin-report-reason" value={id} checked={reason === id} onChange={() => setReason(id)} />
              <span className={styles.choiceLabel}>{TEXTS.pinReport.reasons[id]}</span>
            </label>
          ))}
        </fieldset>
        {send.isError && <FormError>{isApiError(send.error) && send.error.message ? send.error.fullMessage : TEXTS.genericError}</FormError>}
        <div className={styles.actions}>
          <Button onPress={close} isDisabled={send.isPending}>
            {TEXTS.social.cancel}
          </Button>
          <Button type="submit" variant="primary" isDisabled={!reason || send.isPending}>
            {TEXTS.pinReport.send}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
