import { useState, type FormEvent } from 'react';
import { MESSAGES } from '../../../lib/messages';
import { zSectionTitle } from '@pinboard/shared/schemas/sections';
import { Button } from '../../../components/Button/Button';
import { TextInput } from '../../../components/Field/Field';
import { isApiError } from '../../../lib/api';
import { TEXTS } from '../../../lib/allTexts';
import type { Section } from '../boards.api';
import { useCreateSection } from '../boards.queries';
import styles from './CreateSectionForm.module.css';
import { localServerText } from '../../../lib/i18n';

/** A section's title and Create: in the board picker's sections panel and on /board/{id}/create_section/. */
export function CreateSectionForm({
  boardId,
  onCancel,
  onCreated,
  autoFocus = true,
  ownerId,
}: {
  boardId: string;
  /** The board's owner: a business the person acts as makes the section as itself. */
  ownerId?: string | undefined;
  onCancel: () => void;
  onCreated: (section: Section) => void;
  autoFocus?: boolean;
}) {
  const createSection = useCreateSection();
  const [title, setTitle] = useState('');
  const [touched, setTouched] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const parsed = zSectionTitle.safeParse(title);
  const error = serverError ?? (touched && !parsed.success ? localServerText(parsed.error.issues[0]?.message ?? '') || null : null);
  const canSubmit = parsed.success && !serverError && !createSection.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!parsed.success || createSection.isPending) return;
    createSection.mutate(
      { boardId, title: parsed.data, ownerId },
      {
        onSuccess: onCreated,
        onError: (failure) => setServerError(isApiError(failure) && failure.fullMessage ? failure.fullMessage : MESSAGES.board.somethingWentWrong),
      },
    );
  };

  return (
    <form className={styles.sectionForm} onSubmit={submit} noValidate>
      <TextInput
        label={TEXTS.picker.sectionName}
        placeholder={TEXTS.picker.sectionPlaceholder}
        value={title}
        autoFocus={autoFocus}
        autoComplete="off"
        error={error}
        onChange={(event) => {
          setTitle(event.target.value);
          setTouched(true);
          setServerError(null);
        }}
      />
      <div className={styles.sectionActions}>
        <Button variant="secondary" onPress={onCancel} isDisabled={createSection.isPending}>
          {TEXTS.picker.cancel}
        </Button>
        <Button type="submit" variant="primary" isDisabled={!canSubmit}>
          {TEXTS.picker.create}
        </Button>
      </div>
    </form>
  );
}
