import { COUNTRIES, isCountryCode } from '@pinboard/shared/constants/countries';
import { isSupportedLocale, SUPPORTED_LOCALES, supportedCountriesOf } from '@pinboard/shared/constants/locales';
import { AD_AGE_GROUPS, AD_GENDERS } from '@pinboard/shared/constants/ads';
import { Select } from '../../../components/Field/Field';
import { showToast } from '../../../components/Toast/toasts';
import { isApiError } from '../../../lib/api';
import { TEXTS } from '../../../lib/allTexts';
import { countryName as localCountryName } from '../../../lib/countryNames';
import { getLocale } from '../../../lib/i18n';
import type { SignedInViewer } from '../../session/session.api';
import type { ProfileUpdate } from '../settings.api';
import { useUpdateCommentsDefault, useUpdateProfile } from '../settings.queries';
import { SettingSwitch } from './SettingSwitch';
import styles from './Settings.module.css';

/** A language's name in that language ('Deutsch', '日本語'). */
function languageName(locale: string | undefined): string {
  if (!locale) return '—';
  try {
    return new Intl.DisplayNames([locale], { type: 'language' }).of(locale) ?? locale;
  } catch {
    return locale;
  }
}

function countryName(country: string | undefined): string {
  return country ? localCountryName(country) : '—';
}

/** The account's details as the Viewer tells them (read only here; the country and language are chosen in account settings). */
export function AccountDetails({ viewer, withCountry = true, withLanguage = true }: { viewer: SignedInViewer; withCountry?: boolean; withLanguage?: boolean }) {
  return (
    <dl className={styles.details}>
      <div>
        <dt>{TEXTS.settings.usernameLine}</dt>
        <dd>@{viewer.username}</dd>
      </div>
      {withCountry && (
        <div>
          <dt>{TEXTS.settings.countryLine}</dt>
          <dd>{countryName(viewer.country ?? undefined)}</dd>
        </div>
      )}
      {withLanguage && (
        <div>
          <dt>{TEXTS.settings.languageLine}</dt>
          <dd>{languageName(viewer.locale)}</dd>
        </div>
      )}
    </dl>
  );
}

const showFailure = (error: unknown) => showToast(isApiError(error) && error.message ? error.fullMessage : TEXTS.genericError, { tone: 'error' });

/** Whether people may message the viewer (UserResource update allow_messages; the Viewer tells the saved value). */
export function MessagingSwitch({ viewer }: { viewer: SignedInViewer }) {
  const update = useUpdateProfile();
  const saved = viewer.allow_messages ?? true;
  const value = update.isPending && update.variables.allow_messages !== undefined ? update.variables.allow_messages : saved;

  return (
    <SettingSwitch
      label={TEXTS.settings.allowMessages}
      help={TEXTS.settings.allowMessagesHelp}
      isSelected={value}
      isDisabled={update.isPending}
      onChange={(selected) => update.mutate({ allow_messages: selected }, { onSuccess: () => showToast(TEXTS.settings.messagingSaved), onError: showFailure })}
    />
  );
}

/**
 * Whether new Pins start with comments turned off (UserSettingsResource
 * `comments_default_off`); each Pin's owner can still turn them on or off on
 * its closeup.
 */
export function CommentsDefaultSwitch({ viewer }: { viewer: SignedInViewer }) {
  const update = useUpdateCommentsDefault();
  const off = update.isPending ? update.variables : (viewer.shouldDefaultCommentsOff ?? false);
  return (
    <SettingSwitch
      label={TEXTS.settings.allowComments}
      help={TEXTS.settings.allowCommentsHelp}
      isSelected={!off}
      isDisabled={update.isPending}
      onChange={(allow) => update.mutate(!allow, { onSuccess: () => showToast(TEXTS.settings.commentsSaved), onError: showFailure })}
    />
  );
}

/**
 * The account's country or region, from the list of ISO codes; saved as soon
 * as it is chosen. It decides the regional legal reports on profiles.
 */
export function CountrySelect({ viewer }: { viewer: SignedInViewer }) {
  const update = useUpdateProfile();
  const value = update.isPending && update.variables.country ? update.variables.country : (viewer.country ?? '');
  const supported = supportedCountriesOf(getLocale()).filter(isCountryCode);
  const all = COUNTRIES.map((country) => ({ code: country.code, name: localCountryName(country.code) })).sort((a, b) =>
    a.name.localeCompare(b.name, getLocale()),
  );

  return (
    <Select
      label={TEXTS.settings.country}
      help={TEXTS.settings.countryHelp}
      name="country"
      value={value}
      disabled={update.isPending}
      onChange={(event) => {
        const country = event.target.value;
        if (!isCountryCode(country)) return;
        update.mutate({ country }, { onSuccess: () => showToast(TEXTS.settings.countrySaved({ name: localCountryName(country) })), onError: showFailure });
      }}
    >
      {!isCountryCode(value) && <option value="">—</option>}
      {/* The supported countries of the page's language first (docs/product/logged-out-and-business.md §9), then every country. */}
      {supported.map((code) => (
        <option key={`first-${code}`} value={code}>
          {localCountryName(code)}
        </option>
      ))}
      {supported.length > 0 && <option disabled>──────────</option>}
      {all.map((country) => (
        <option key={country.code} value={country.code}>
          {country.name}
        </option>
      ))}
    </Select>
  );
}

/**
 * The account's language, from the supported locales (each named in its own
 * language); saved as soon as it is chosen, then the page loads again in it.
 */
export function LanguageSelect({ viewer }: { viewer: SignedInViewer }) {
  const update = useUpdateProfile();
  const saved = isSupportedLocale(viewer.locale) ? viewer.locale : getLocale();
  const value = update.isPending && update.variables.locale ? update.variables.locale : saved;

  return (
    <Select
      label={TEXTS.settings.languageLine}
      name="locale"
      value={value}
      disabled={update.isPending}
      onChange={(event) => {
        const locale = event.target.value;
        if (!isSupportedLocale(locale)) return;
        update.mutate({ locale }, { onSuccess: () => window.location.reload(), onError: showFailure });
      }}
    >
      {SUPPORTED_LOCALES.map((locale) => (
        <option key={locale} value={locale} lang={locale}>
          {languageName(locale)}
        </option>
      ))}
    </Select>
  );
}

/**
 * The person's gender and age range, when they choose to tell them (decision
 * 043): promoted Pins' targeting matches them; unknown ones never narrow
 * what they see by age. Saved as soon as chosen.
 */
export function AboutYouSelects({ viewer }: { viewer: SignedInViewer }) {
  const update = useUpdateProfile();
  const save = (change: Pick<ProfileUpdate, 'gender' | 'age_group'>) =>
    update.mutate(change, { onSuccess: () => showToast(TEXTS.settings.saved), onError: showFailure });
  return (
    <>
      <Select
        label={TEXTS.settings.gender}
        help={TEXTS.settings.aboutYouHelp}
        name="gender"
        value={viewer.gender ?? ''}
        disabled={update.isPending}
        onChange={(event) => save({ gender: AD_GENDERS.find((g) => g === event.target.value) ?? null })}
      >
        <option value="">{TEXTS.settings.notSaying}</option>
        {AD_GENDERS.filter((g) => g !== 'unknown').map((g) => (
          <option key={g} value={g}>
            {TEXTS.settings.genderOption({ gender: g })}
          </option>
        ))}
      </Select>
      <Select
        label={TEXTS.settings.ageGroup}
        name="age_group"
        value={viewer.age_group ?? ''}
        disabled={update.isPending}
        onChange={(event) => save({ age_group: AD_AGE_GROUPS.find((a) => a === event.target.value) ?? null })}
      >
        <option value="">{TEXTS.settings.notSaying}</option>
        {AD_AGE_GROUPS.map((a) => (
          <option key={a} value={a}>
            {a}
          </option>
        ))}
      </Select>
    </>
  );
}
