import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { TAKEDOWN_CONFIG, TAKEDOWN_CUTOFF_DATE, TAKEDOWN_LAWS, type TakedownForm as Form, type TakedownLaw } from '@pinboard/shared/constants/takedowns';
import { isValidEmail } from '@pinboard/shared/text/email';
import { Checkbox, FormError, Select, TextArea, TextInput } from '../../../components/Field/Field';
import { bindText, CancelButton, FormActions } from '../../../components/Field/formParts';
import { isApiError } from '../../../lib/api';
import { TEXTS } from '../../../lib/allTexts';
import { countryName } from '../../../lib/countryNames';
import { submitTakedown } from '../social.api';
import styles from './SocialDialogs.module.css';

const T = TEXTS.takedown;
const DETAILS_MAX = 5000;

export interface TakedownFormProps {
  form: Form;
  /** What is reported, when the form is opened on it (a profile); else the reporter types its address. */
  target?: { userId?: string; url: string } | undefined;
  /** The reported address to start from, when the reporter types it (a page opened with `?url=`). */
  initialUrl?: string | undefined;
  /** The reporter's country, when known and in the form's scope. */
  country?: string | null | undefined;
  onSent: (id: string) => void;
  onCancel?: (() => void) | undefined;
}

const today = () => new Date().toISOString().slice(0, 10);
const regionName = (code: string) => (code === 'EU' ? T.europeanUnion : countryName(code));

/**
 * One takedown form, its rules from the shared law configuration: the laws
 * (one, or several where the form allows), the reporter's country within the
 * form's scope, the content's date from the cutoff on, name and email
 * (optional where anonymous reports are taken), a trusted-flagger mark
 * where the form has them.
 */
export function TakedownForm({ form, target, initialUrl, country, onSent, onCancel }: TakedownFormProps) {
  const rules = TAKEDOWN_CONFIG[form];
  const single = rules.RESTRICT_MULTIPLE_LAWS;
  const [laws, setLaws] = useState<TakedownLaw[]>(['DMCA']);
  const [url, setUrl] = useState(target?.url ?? initialUrl ?? '');
  const inScope = country && rules.COUNTRY_CODES.includes(country.toUpperCase()) ? country.toUpperCase() : '';
  const [reporterCountry, setReporterCountry] = useState(inScope || (rules.COUNTRY_CODES.length === 1 ? rules.COUNTRY_CODES[0]! : ''));
  const [date, setDate] = useState('');
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [details, setDetails] = useState('');
  const [trusted, setTrusted] = useState(false);
  const [touched, setTouched] = useState(false);

  const submit = useMutation({
    mutationFn: () =>
      submitTakedown(form, {
        laws,
        reported_user_id: target?.userId,
        reported_url: url.trim() || undefined,
        reporter_name: name.trim() || undefined,
        reporter_email: email.trim() || undefined,
        reporter_country: reporterCountry,
        content_date: date,
        details: details.trim(),
        trusted_flagger: rules.TRUSTED_FLAGGER && trusted ? true : undefined,
      }),
    onSuccess: (result) => onSent(result.id),
  });

  const errors = {
    laws: laws.length === 0 ? T.lawRequired : null,
    url: !target && url.trim() === '' ? T.urlRequired : null,
    country: reporterCountry === '' ? T.countryRequired : null,
    date: date === '' ? T.dateRequired : date < TAKEDOWN_CUTOFF_DATE ? T.dateTooEarly : date > today() ? T.dateInFuture : null,
    email: email.trim() !== '' && !isValidEmail(email.trim()) ? TEXTS.social.emailInvalid : null,
    details: details.trim() === '' ? TEXTS.social.legalDetailsRequired : details.length > DETAILS_MAX ? TEXTS.settings.tooLong({ max: DETAILS_MAX }) : null,
  };
  const shown = (e: string | null) => (touched ? e : null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (Object.values(errors).some((e) => e !== null)) return;
    submit.mutate();
  };

  const toggleLaw = (law: TakedownLaw, on: boolean) => setLaws((now) => (single ? [law] : on ? [...now, law] : now.filter((l) => l !== law)));

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-label={T.formLabel({ form })}>
      <fieldset className={styles.choices}>
        <legend>{single ? TEXTS.social.lawLabel : T.lawsLabel}</legend>
        {TAKEDOWN_LAWS.filter((law) => rules.LAW.includes(law)).map((law) => (
          <label key={law} className={styles.choice}>
            <input
              type={single ? 'radio' : 'checkbox'}
              name="laws"
              value={law}
              checked={laws.includes(law)}
              onChange={(event) => toggleLaw(law, event.target.checked)}
            />
            <span className={styles.choiceLabel}>{TEXTS.social.laws[law] ?? law}</span>
          </label>
        ))}
        {shown(errors.laws) && <FormError>{errors.laws}</FormError>}
      </fieldset>
      {!target && (
        <TextInput label={T.urlLabel} {...bindText(url, setUrl)} placeholder={T.urlPlaceholder} error={shown(errors.url)} maxLength={2048} required />
      )}
      <Select label={T.countryLabel} {...bindText(reporterCountry, setReporterCountry)} error={shown(errors.country)} required>
        <option value="">{T.countryChoose}</option>
        {rules.COUNTRY_CODES.map((code) => (
          <option key={code} value={code}>
            {regionName(code)}
          </option>
        ))}
      </Select>
      <TextInput
        label={T.dateLabel}
        type="date"
        value={date}
        min={TAKEDOWN_CUTOFF_DATE}
        max={today()}
        onChange={(event) => setDate(event.target.value)}
        help={T.dateHelp}
        error={shown(errors.date)}
        required
      />
      <TextInput label={TEXTS.social.reporterName} {...bindText(name, setName)} autoComplete="name" maxLength={200} />
      <TextInput
        label={TEXTS.social.reporterEmail}
        type="email"
        {...bindText(email, setEmail)}
        autoComplete="email"
        help={rules.ALLOW_ANON_SUBMISSION ? TEXTS.social.anonymousHelp : T.emailHelp}
        error={shown(errors.email)}
        maxLength={254}
      />
      <TextArea
        label={target?.userId ? TEXTS.social.legalDetails : T.detailsLabel}
        {...bindText(details, setDetails)}
        rows={4}
        error={shown(errors.details)}
        required
      />
      {rules.TRUSTED_FLAGGER && <Checkbox label={TEXTS.social.trustedFlagger} checked={trusted} onChange={(event) => setTrusted(event.target.checked)} />}
      <p className={styles.quiet}>{T.complaints({ office: T.office[form] })}</p>
      {submit.isError && <FormError>{isApiError(submit.error) && submit.error.message ? submit.error.fullMessage : TEXTS.genericError}</FormError>}
      <FormActions
        className={styles.actions}
        pending={submit.isPending}
        cancel={
          onCancel && (
            <CancelButton onPress={onCancel} pending={submit.isPending}>
              {TEXTS.social.cancel}
            </CancelButton>
          )
        }
      >
        {submit.isPending ? TEXTS.social.sending : TEXTS.social.sendReport}
      </FormActions>
    </form>
  );
}
