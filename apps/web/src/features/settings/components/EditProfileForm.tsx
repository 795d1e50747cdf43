import { useRef, useState, type FormEvent } from 'react';
import { IMAGE_MAX_BYTES } from '@pinboard/shared/constants/limits';
import { MESSAGES } from '../../../lib/messages';
import { isValidLink, normalizeLink } from '@pinboard/shared/text/links';
import { USERNAME_RULE } from '@pinboard/shared/schemas/users';
import { Avatar } from '../../../components/Avatar/Avatar';
import { Button } from '../../../components/Button/Button';
import { FormError, TextArea, TextInput } from '../../../components/Field/Field';
import { showToast } from '../../../components/Toast/toasts';
import { isApiError } from '../../../lib/api';
import { TEXTS } from '../../../lib/allTexts';
import type { ProfileDetails } from '../../profile/profile.api';
import type { ProfileUpdate } from '../settings.api';
import { useUpdateProfile } from '../settings.queries';
import { SettingSwitch } from './SettingSwitch';
import styles from './Settings.module.css';

const ABOUT_MAX = 500;
const NAME_MAX = 100;
const LOCATION_MAX = 100;
const PRONOUNS_MAX = 2;
const IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif']);

interface Values {
  full_name: string;
  about: string;
  pronouns: string[];
  website_url: string;
  username: string;
  location: string;
  is_private_profile: boolean;
}

type FieldName = keyof Values | 'profile_image_base64';

function valuesOf(profile: ProfileDetails): Values {
  return {
    full_name: profile.full_name,
    about: profile.about ?? '',
    pronouns: [...(profile.pronouns ?? [])],
    website_url: profile.website_url ?? '',
    username: profile.username,
    location: profile.location ?? '',
    is_private_profile: profile.is_private_profile,
  };
}

/** Client-side checks, the same as the server's (the server says the last word). */
function validateProfile(values: Values): Partial<Record<FieldName, string>> {
  const errors: Partial<Record<FieldName, string>> = {};
  if (values.full_name.trim() === '') errors.full_name = TEXTS.settings.nameRequired;
  else if (values.full_name.trim().length > NAME_MAX) errors.full_name = TEXTS.settings.tooLong({ max: NAME_MAX });
  if (values.about.trim().length > ABOUT_MAX) errors.about = TEXTS.settings.tooLong({ max: ABOUT_MAX });
  if (!isValidLink(values.website_url.trim())) errors.website_url = MESSAGES.invalidUrl;
  if (!USERNAME_RULE.test(values.username.trim())) errors.username = TEXTS.settings.usernameInvalid;
  if (values.location.trim().length > LOCATION_MAX) errors.location = TEXTS.settings.tooLong({ max: LOCATION_MAX });
  return errors;
}

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}

/** /settings/edit-profile: everything UserResource update takes about the profile. */
export function EditProfileForm({ profile }: { profile: ProfileDetails }) {
  const [saved, setSaved] = useState<Values>(() => valuesOf(profile));
  const [values, setValues] = useState<Values>(saved);
  const [image, setImage] = useState<string | null>(null);
  const [imageError, setImageError] = useState<string | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Partial<Record<FieldName, string>>>({});
  const fileRef = useRef<HTMLInputElement>(null);
  const update = useUpdateProfile();

  const errors = { ...validateProfile(values), ...serverErrors };
  const shown = (field: FieldName) => (submitted || values[field as keyof Values] !== saved[field as keyof Values] ? (errors[field] ?? null) : null);
  const dirty = image !== null || (Object.keys(values) as (keyof Values)[]).some((key) => JSON.stringify(values[key]) !== JSON.stringify(saved[key]));

  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    setValues((old) => ({ ...old, [key]: value }));
    setServerErrors((old) => ({ ...old, [key]: undefined }));
  };

  const pickImage = async (file: File | undefined) => {
    setImageError(null);
    if (!file) return;
    if (!IMAGE_TYPES.has(file.type)) return setImageError(TEXTS.settings.photoNotImage);
    if (file.size > IMAGE_MAX_BYTES) return setImageError(TEXTS.settings.photoTooLarge);
    setImage(await readAsDataUrl(file));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.values(validateProfile(values)).some(Boolean) || !dirty) return;
    const changes: ProfileUpdate = {};
    if (values.full_name !== saved.full_name) changes.full_name = values.full_name.trim();
    if (values.about !== saved.about) changes.about = values.about.trim();
    if (JSON.stringify(values.pronouns) !== JSON.stringify(saved.pronouns)) changes.pronouns = values.pronouns;
    if (values.website_url !== saved.website_url) changes.website_url = normalizeLink(values.website_url);
    if (values.username !== saved.username) changes.username = values.username.trim();
    if (values.location !== saved.location) changes.location = values.location.trim();
    if (values.is_private_profile !== saved.is_private_profile) changes.is_private_profile = values.is_private_profile;
    if (image) changes.profile_image_base64 = image;
    update.mutate(changes, {
      onSuccess: (next) => {
        const fresh = valuesOf(next);
        setSaved(fresh);
        setValues(fresh);
        setImage(null);
        setSubmitted(false);
        showToast(TEXTS.settings.saved);
      },
      onError: (error) => {
        if (isApiError(error) && error.field && error.field in values) setServerErrors({ [error.field]: error.message });
      },
    });
  };

  const name = values.full_name.trim() || values.username;
  // Pronouns saved before that are not among the choices stay listed (first), so they can be removed.
  const pronounChoices = [
    ...new Set([...saved.pronouns.filter((p) => !Object.values(TEXTS.settings.pronounChoices).includes(p)), ...Object.values(TEXTS.settings.pronounChoices)]),
  ];
  const generalError = update.isError && !(isApiError(update.error) && update.error.field && update.error.field in values);

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <div className={styles.photoRow}>
        <Avatar
          name={name}
          imageUrl={image ?? profile.image_medium_url}
          colorIndex={profile.avatar_color_index}
          size={88}
          alt={TEXTS.profile.avatarAlt({ name })}
        />
        <div className={styles.photoActions}>
          <span className={styles.fieldLabel}>{TEXTS.settings.photo}</span>
          <Button variant="secondary" onPress={() => fileRef.current?.click()}>
            {TEXTS.settings.changePhoto}
          </Button>
          <input
            ref={fileRef}
            type="file"
            accept="image/jpeg,image/png,image/webp,image/gif"
            className="visually-hidden"
            aria-label={TEXTS.settings.changePhoto}
            tabIndex={-1}
            onChange={(event) => void pickImage(event.target.files?.[0])}
          />
          {imageError && (
            <p className={styles.error} role="alert">
              {imageError}
            </p>
          )}
        </div>
      </div>
      <TextInput
        label={TEXTS.settings.name}
        value={values.full_name}
        onChange={(event) => set('full_name', event.target.value)}
        error={shown('full_name')}
        autoComplete="name"
      />
      <TextArea
        label={TEXTS.settings.about}
        value={values.about}
        placeholder={TEXTS.settings.aboutPlaceholder}
        onChange={(event) => set('about', event.target.value)}
        error={shown('about')}
        help={TEXTS.settings.aboutCount({ n: values.about.trim().length, max: ABOUT_MAX })}
        rows={4}
      />
      <fieldset className={styles.pronouns}>
        <legend className={styles.fieldLabel}>{TEXTS.settings.pronouns}</legend>
        <p className={styles.help}>{TEXTS.settings.pronounsHelp}</p>
        <div className={styles.pronounChoices}>
          {pronounChoices.map((choice) => {
            const checked = values.pronouns.includes(choice);
            return (
              <label key={choice} className={styles.chip} data-checked={checked || undefined}>
                <input
                  type="checkbox"
                  checked={checked}
                  disabled={!checked && values.pronouns.length >= PRONOUNS_MAX}
                  onChange={(event) => set('pronouns', event.target.checked ? [...values.pronouns, choice] : values.pronouns.filter((p) => p !== choice))}
                />
                {choice}
              </label>
            );
          })}
        </div>
      </fieldset>
      <TextInput
        label={TEXTS.settings.website}
        value={values.website_url}
        placeholder={TEXTS.settings.websitePlaceholder}
        onChange={(event) => set('website_url', event.target.value)}
        error={shown('website_url')}
        inputMode="url"
        autoComplete="url"
      />
      <TextInput
        label={TEXTS.settings.username}
        value={values.username}
        onChange={(event) => set('username', event.target.value)}
        error={shown('username')}
        help={TEXTS.settings.usernameHelp({ username: values.username.trim() || profile.username, host: window.location.host })}
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
      />
      <TextInput
        label={TEXTS.settings.location}
        value={values.location}
        placeholder={TEXTS.settings.locationPlaceholder}
        onChange={(event) => set('location', event.target.value)}
        error={shown('location')}
      />
      <SettingSwitch
        label={TEXTS.settings.privateProfile}
        help={TEXTS.settings.privateProfileHelp}
        isSelected={values.is_private_profile}
        onChange={(selected) => set('is_private_profile', selected)}
      />
      {generalError && <FormError>{isApiError(update.error) && update.error.message ? update.error.fullMessage : TEXTS.genericError}</FormError>}
      <div className={styles.footer}>
        <Button
          variant="secondary"
          size="large"
          isDisabled={!dirty || update.isPending}
          onPress={() => {
            setValues(saved);
            setImage(null);
            setSubmitted(false);
            setServerErrors({});
          }}
        >
          {TEXTS.settings.reset}
        </Button>
        <Button type="submit" variant="primary" size="large" isDisabled={!dirty || update.isPending}>
          {update.isPending ? TEXTS.settings.saving : TEXTS.settings.save}
        </Button>
      </div>
    </form>
  );
}
