import { useRef, useState, type FormEvent } from 'react';
import { IMAGE_MAX_BYTES } from '@pinboard/shared/constants/limits';
import { isValidEmail } from '@pinboard/shared/text/email';
import { Button } from '../../../components/Button/Button';
import { Checkbox, FormError, TextInput } from '../../../components/Field/Field';
import { Spinner } from '../../../components/Spinner/Spinner';
import { showToast } from '../../../components/Toast/toasts';
import { isApiError } from '../../../lib/api';
import { TEXTS } from '../../../lib/allTexts';
import type { ProfileDetails } from '../../profile/profile.api';
import { useProfileDetails } from '../../profile/profile.queries';
import settings from './Settings.module.css';
import {
  useClaimWebsite,
  useCoverRemove,
  useCoverUpload,
  useSetBusinessAccount,
  useUpdatePartnerProfile,
  useWebsiteClaim,
} from '../../partner/partner.queries';
import { ProfileCover } from '../../partner/components/ProfileCover';
import styles from '../../partner/components/Partner.module.css';

const IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif']);

function errorText(error: unknown) {
  return isApiError(error) && error.message ? error.fullMessage : TEXTS.genericError;
}

/** The business part of account settings: convert, cover image, contact details, website claim. */
export function BusinessSettings({ username }: { username: string }) {
  const profile = useProfileDetails(username, null);
  const convert = useSetBusinessAccount(username);
  if (!profile.data) return <Spinner />;
  const data = profile.data;
  const setBusiness = (isBusiness: boolean) =>
    convert.mutate(isBusiness, {
      onSuccess: () => showToast(isBusiness ? TEXTS.partner.converted : TEXTS.partner.convertedBack),
      onError: (error) => showToast(errorText(error), { tone: 'error' }),
    });

  return (
    <section id="business" className={settings.form} aria-labelledby="business-heading">
      <h2 id="business-heading" className={settings.fieldLabel}>
        {TEXTS.partner.businessHeading}
      </h2>
      <p className={settings.help}>{TEXTS.partner.businessIntro}</p>
      {data.is_partner ? (
        <>
          <CoverSettings profile={data} />
          <ContactSettings profile={data} />
          <WebsiteClaimSettings username={username} />
          <div>
            <Button variant="secondary" isDisabled={convert.isPending} onPress={() => setBusiness(false)}>
              {TEXTS.partner.convertBack}
            </Button>
          </div>
        </>
      ) : (
        <div>
          <Button variant="primary" size="large" isDisabled={convert.isPending} onPress={() => setBusiness(true)}>
            {TEXTS.partner.convert}
          </Button>
        </div>
      )}
    </section>
  );
}

function CoverSettings({ profile }: { profile: ProfileDetails }) {
  const upload = useCoverUpload(profile.username);
  const remove = useCoverRemove(profile.username);
  const fileRef = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const busy = upload.isPending || remove.isPending;
  const pick = (file: File | undefined) => {
    setError(null);
    if (!file) return;
    if (!IMAGE_TYPES.has(file.type)) return setError(TEXTS.settings.photoNotImage);
    if (file.size > IMAGE_MAX_BYTES) return setError(TEXTS.settings.photoTooLarge);
    upload.mutate(file, { onSuccess: () => showToast(TEXTS.partner.coverSaved), onError: (failure) => setError(errorText(failure)) });
  };
  const hasCover = profile.profile_cover?.source === 'image';
  return (
    <div className={settings.form}>
      <h3 className={settings.fieldLabel}>{TEXTS.partner.coverHeading}</h3>
      {hasCover && <ProfileCover cover={profile.profile_cover} name={profile.full_name || profile.username} isOwner isBot={false} />}
      <p className={settings.help}>{TEXTS.partner.coverHelp}</p>
      <input
        ref={fileRef}
        type="file"
        accept="image/jpeg,image/png,image/webp,image/gif"
        className="visually-hidden"
        aria-label={TEXTS.partner.coverChange}
        onChange={(event) => {
          pick(event.currentTarget.files?.[0]);
          event.currentTarget.value = '';
        }}
      />
      <div className={styles.sheetActions} style={{ justifyContent: 'flex-start' }}>
        <Button variant="secondary" isDisabled={busy} onPress={() => fileRef.current?.click()}>
          {upload.isPending ? <Spinner /> : hasCover ? TEXTS.partner.coverChange : TEXTS.partner.addCover}
        </Button>
        {hasCover && (
          <Button
            variant="ghost"
            isDisabled={busy}
            onPress={() =>
              remove.mutate(undefined, { onSuccess: () => showToast(TEXTS.partner.coverRemoved), onError: (failure) => setError(errorText(failure)) })
            }
          >
            {TEXTS.partner.coverRemove}
          </Button>
        )}
      </div>
      {error && <FormError>{error}</FormError>}
    </div>
  );
}

function ContactSettings({ profile }: { profile: ProfileDetails }) {
  const partner = profile.partner;
  const initial = {
    contact_email: partner?.contact_email ?? '',
    contact_phone_code: partner?.contact_phone_country?.phone_code ?? '',
    contact_phone: partner?.contact_phone ?? '',
    profile_place: partner?.profile_place ?? '',
    enable_profile_address: partner?.enable_profile_address ?? false,
    enable_profile_message: partner?.enable_profile_message ?? true,
  };
  const [values, setValues] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const update = useUpdatePartnerProfile(profile.username);
  const emailError = values.contact_email.trim() && !isValidEmail(values.contact_email.trim()) ? TEXTS.social.emailInvalid : null;
  const dirty = JSON.stringify(values) !== JSON.stringify(initial);
  const set = <K extends keyof typeof values>(key: K, value: (typeof values)[K]) => setValues((now) => ({ ...now, [key]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (emailError || !dirty) return;
    setError(null);
    update.mutate(
      {
        ...values,
        contact_email: values.contact_email.trim(),
        contact_phone: values.contact_phone.trim(),
        contact_phone_code: values.contact_phone_code.trim(),
      },
      { onSuccess: () => showToast(TEXTS.partner.contactSaved), onError: (failure) => setError(errorText(failure)) },
    );
  };
  return (
    <form className={settings.form} onSubmit={submit} noValidate>
      <h3 className={settings.fieldLabel}>{TEXTS.partner.contactHeading}</h3>
      <TextInput
        label={TEXTS.partner.contactEmail}
        type="email"
        value={values.contact_email}
        error={emailError}
        onChange={(e) => set('contact_email', e.currentTarget.value)}
      />
      <TextInput
        label={TEXTS.partner.contactPhoneCode}
        value={values.contact_phone_code}
        placeholder="+44"
        maxLength={5}
        onChange={(e) => set('contact_phone_code', e.currentTarget.value)}
      />
      <TextInput label={TEXTS.partner.contactPhone} type="tel" value={values.contact_phone} onChange={(e) => set('contact_phone', e.currentTarget.value)} />
      <TextInput
        label={TEXTS.partner.profilePlace}
        value={values.profile_place}
        maxLength={200}
        onChange={(e) => set('profile_place', e.currentTarget.value)}
      />
      <Checkbox
        label={TEXTS.partner.showAddress}
        checked={values.enable_profile_address}
        onChange={(e) => set('enable_profile_address', e.currentTarget.checked)}
      />
      <Checkbox
        label={TEXTS.partner.profileMessages}
        checked={values.enable_profile_message}
        onChange={(e) => set('enable_profile_message', e.currentTarget.checked)}
      />
      {error && <FormError>{error}</FormError>}
      <div>
        <Button type="submit" variant="primary" isDisabled={!dirty || !!emailError || update.isPending}>
          {TEXTS.partner.save}
        </Button>
      </div>
    </form>
  );
}

function WebsiteClaimSettings({ username }: { username: string }) {
  const claim = useWebsiteClaim();
  const check = useClaimWebsite(username);
  const [error, setError] = useState<string | null>(null);
  if (!claim.data) return claim.isError ? <FormError>{errorText(claim.error)}</FormError> : <Spinner />;
  const { website_url: url, meta_tag: tag, is_primary_website_verified: verified } = claim.data;
  return (
    <div className={settings.form}>
      <h3 className={settings.fieldLabel}>{TEXTS.partner.websiteHeading}</h3>
      {!url ? (
        <p className={settings.help}>{TEXTS.partner.websiteNone}</p>
      ) : verified ? (
        <p className={settings.help}>{TEXTS.partner.websiteClaimed({ url })}</p>
      ) : (
        <>
          <p className={settings.help}>{TEXTS.partner.websiteSteps({ url })}</p>
          <code className={settings.help} style={{ overflowWrap: 'anywhere' }}>
            {tag}
          </code>
          <div>
            <Button
              variant="secondary"
              isDisabled={check.isPending}
              onPress={() => {
                setError(null);
                check.mutate(undefined, { onSuccess: () => showToast(TEXTS.partner.websiteClaimedToast), onError: (failure) => setError(errorText(failure)) });
              }}
            >
              {TEXTS.partner.websiteCheck}
            </Button>
          </div>
          {error && <FormError>{error}</FormError>}
        </>
      )}
    </div>
  );
}
