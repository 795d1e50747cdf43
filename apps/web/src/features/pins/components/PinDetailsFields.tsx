import { useState } from 'react';
import { PIN_DESCRIPTION_MAX, PIN_TITLE_MAX } from '@pinboard/shared/constants/limits';
import { MESSAGES } from '../../../lib/messages';
import { interpolate } from '@pinboard/shared/text/interpolate';
import { isValidLink, normalizeLink } from '@pinboard/shared/text/links';
import { TextArea, TextInput } from '../../../components/Field/Field';
import { TEXTS } from '../../../lib/allTexts';

export interface PinDetails {
  title: string;
  description: string;
  link: string;
  altText: string;
}

export const EMPTY_DETAILS: PinDetails = { title: '', description: '', link: '', altText: '' };

const tooLong = (max: number) => interpolate(MESSAGES.board.tooLong, { maxLength: max });

/** Title and description within their limits (trimmed), the link valid or empty. */
function pinDetailsErrors(details: PinDetails) {
  return {
    title: details.title.trim().length > PIN_TITLE_MAX ? tooLong(PIN_TITLE_MAX) : null,
    description: details.description.trim().length > PIN_DESCRIPTION_MAX ? tooLong(PIN_DESCRIPTION_MAX) : null,
    link: isValidLink(details.link.trim()) ? null : MESSAGES.invalidUrl,
  };
}

export function hasDetailErrors(details: PinDetails): boolean {
  return Object.values(pinDetailsErrors(details)).some((error) => error !== null);
}

/** The details as the API takes them: trimmed, empty ones left out, the link with its scheme. */
export function detailsForApi(details: PinDetails) {
  return {
    title: details.title.trim() || undefined,
    description: details.description.trim() || undefined,
    link: details.link.trim() ? normalizeLink(details.link) : undefined,
    alt_text: details.altText.trim() || undefined,
  };
}

/** A field for a web address: a URL keyboard, no capitals, no spell check. */
export const URL_INPUT = { type: 'url', inputMode: 'url', autoCapitalize: 'none', spellCheck: false } as const;

/** The name, label and placeholder of each of a Pin's detail fields. */
export const DETAIL_FIELDS = {
  title: { label: TEXTS.create.titleLabel, name: 'title', placeholder: TEXTS.create.titlePlaceholder },
  description: { label: TEXTS.create.descriptionLabel, name: 'description', placeholder: TEXTS.create.descriptionPlaceholder, rows: 3 },
  link: { label: TEXTS.create.linkLabel, name: 'link', placeholder: TEXTS.create.linkPlaceholder, ...URL_INPUT },
  altText: { label: TEXTS.create.altLabel, name: 'alt_text', placeholder: TEXTS.create.altPlaceholder },
} as const;

export interface PinDetailsFieldsProps {
  value: PinDetails;
  onChange: (value: PinDetails) => void;
  /** Show the link error even before the field was left (e.g. after Publish). */
  showAllErrors?: boolean;
  disabled?: boolean;
  /** The link is the page the Pin came from and stays as it is. */
  linkReadOnly?: boolean;
}

/** Title, description, link and alt text of a Pin, with the spec's length and link messages. */
export function PinDetailsFields({ value, onChange, showAllErrors = false, disabled = false, linkReadOnly = false }: PinDetailsFieldsProps) {
  const [linkTouched, setLinkTouched] = useState(false);
  const errors = pinDetailsErrors(value);
  const set = (patch: Partial<PinDetails>) => onChange({ ...value, ...patch });
  return (
    <>
      <TextInput
        {...DETAIL_FIELDS.title}
        value={value.title}
        disabled={disabled}
        onChange={(event) => set({ title: event.target.value })}
        error={errors.title}
      />
      <TextArea
        {...DETAIL_FIELDS.description}
        value={value.description}
        disabled={disabled}
        onChange={(event) => set({ description: event.target.value })}
        error={errors.description}
      />
      <TextInput
        {...DETAIL_FIELDS.link}
        value={value.link}
        readOnly={linkReadOnly}
        disabled={disabled}
        onChange={(event) => set({ link: event.target.value })}
        onBlur={() => setLinkTouched(true)}
        onFocus={() => setLinkTouched(false)}
        error={linkTouched || showAllErrors ? errors.link : null}
      />
      <TextInput {...DETAIL_FIELDS.altText} value={value.altText} disabled={disabled} onChange={(event) => set({ altText: event.target.value })} />
    </>
  );
}
