import { useState, type FormEvent } from 'react';
import { MESSAGES } from '../../../lib/messages';
import { zCreateSection } from '@pinboard/shared/schemas/sections';
import { Button } from '../../../components/Button/Button';
import { TextInput } from '../../../components/Field/Field';
import { isApiError } from '../../../lib/api';
import { TEXTS } from '../../../lib/allTexts';
import type { Section } from '../boards.api';
import { useCreateSection } from '../boards.queries';
import styles from './CreateSectionForm.module.css';
import { useSchemaForm } from '../../../lib/schemaForm';

const createSectionForm = zCreateSection.pick({ title: true });

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
  // The title as the server checks it (decision 083); its message once typed in or submitted.
  const form = useSchemaForm(createSectionForm, { title: '' });
  const { title } = form.values;
  const [serverError, setServerError] = useState<string | null>(null);
  const error = serverError ?? (form.touched.title ? form.issues.title || null : null);
  const canSubmit = form.valid && !serverError && !createSection.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    form.touchAll();
    const parsed = createSectionForm.safeParse(form.values);
    if (!parsed.success || createSection.isPending) return;
    createSection.mutate(
      { boardId, title: parsed.data.title, ownerId },
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
          form.set('title', event.target.value);
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
