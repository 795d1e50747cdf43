import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ButtonLink } from '../../../components/Button/Button';
import { FormError, TextArea } from '../../../components/Field/Field';
import { bindText, FormActions } from '../../../components/Field/formParts';
import { Icon } from '../../../components/Icon/AllIcons';
import { isApiError } from '../../../lib/api';
import { TEXTS } from '../../../lib/allTexts';
import { reportUser } from '../social.api';
import styles from './SocialDialogs.module.css';
import pageStyles from './ReportProfileForm.module.css';

const DETAILS_MAX = 2000;

/** /{username}/report/: a reason and optional details, sent to UserReportResource. */
export function ReportProfileForm({ target }: { target: { id: string; username: string; name: string } }) {
  const [reason, setReason] = useState<string | null>(null);
  const [details, setDetails] = useState('');
  const [touched, setTouched] = useState(false);
  const send = useMutation({
    mutationFn: () => reportUser({ user_id: target.id, reason: reason ?? '', details: details.trim() || undefined }),
  });

  if (send.isSuccess) {
    return (
      <div className={pageStyles.page}>
        <span className={pageStyles.doneIcon} aria-hidden="true">
          <Icon name="check" size={28} />
        </span>
        <h1 className={pageStyles.title}>{TEXTS.social.reportThanks}</h1>
        <p className={styles.quiet}>{TEXTS.social.reportThanksBody}</p>
        <ButtonLink to={`/${target.username}/`} variant="secondary" size="large">
          {TEXTS.social.backToProfile}
        </ButtonLink>
      </div>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!reason || details.length > DETAILS_MAX) return;
    send.mutate();
  };

  return (
    <form className={pageStyles.page} onSubmit={submit} noValidate>
      <Link to={`/${target.username}/`} className={pageStyles.back}>
        <Icon name="chevronLeft" size={18} />
        {TEXTS.profilePage.backTo({ name: target.name })}
      </Link>
      <h1 className={pageStyles.title}>{TEXTS.social.reportHeading({ name: target.name })}</h1>
      <p className={styles.quiet}>{TEXTS.social.reportIntro}</p>
      <fieldset className={styles.choices} aria-describedby={touched && !reason ? 'report-reason-error' : undefined}>
        <legend>{TEXTS.social.reasonsLabel}</legend>
        {Object.entries(TEXTS.social.reasons)
          .map(([id, text]) => ({ id, ...text }))
          .map((option) => (
            <label key={option.id} className={styles.choice}>
              <input type="radio" name="reason" value={option.id} checked={reason === option.id} onChange={() => setReason(option.id)} />
              <span className={styles.choiceText}>
                <span className={styles.choiceLabel}>{option.label}</span>
                <span className={styles.choiceHelp}>{option.help}</span>
              </span>
            </label>
          ))}
      </fieldset>
      {touched && !reason && (
        <p id="report-reason-error" className={pageStyles.error} role="alert">
          {TEXTS.social.reasonRequired}
        </p>
      )}
      <TextArea
        label={TEXTS.social.detailsLabel}
        help={TEXTS.social.detailsHelp}
        {...bindText(details, setDetails)}
        rows={4}
        error={details.length > DETAILS_MAX ? TEXTS.settings.tooLong({ max: DETAILS_MAX }) : null}
      />
      {send.isError && <FormError>{isApiError(send.error) && send.error.message ? send.error.fullMessage : TEXTS.genericError}</FormError>}
      <FormActions
        className={styles.actions}
        pending={send.isPending}
        cancel={
          <ButtonLink to={`/${target.username}/`} variant="secondary" size="large">
            {TEXTS.social.cancel}
          </ButtonLink>
        }
      >
        {send.isPending ? TEXTS.social.sending : TEXTS.social.sendReport}
      </FormActions>
    </form>
  );
}
