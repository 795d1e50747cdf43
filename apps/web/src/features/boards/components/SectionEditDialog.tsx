import { useState, type FormEvent } from 'react';
import { MESSAGES } from '../../../lib/messages';
import { zCreateSection } from '@pinboard/shared/schemas/sections';
import { Button } from '../../../components/Button/Button';
import { ConfirmActions } from '../../../components/ConfirmDialog/ConfirmDialog';
import { FormError, TextInput } from '../../../components/Field/Field';
import { Icon } from '../../../components/Icon/AllIcons';
import { Modal } from '../../../components/Modal/Modal';
import { showToast } from '../../../components/Toast/toasts';
import { isApiError } from '../../../lib/api';
import { TEXTS } from '../../../lib/allTexts';
import type { Board, Section } from '../boards.api';
import { useDeleteSection, useRenameSection } from '../sections.queries';
import styles from './BoardEditDialog.module.css';
import { useSchemaForm } from '../../../lib/schemaForm';

export interface SectionEditDialogProps {
  board: Board;
  section: Section;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** Set on the section's own page: where to go once it is renamed (new address) or deleted. */
  onPageChange?: (url: string) => void;
}

const failureText = (error: unknown) => (isApiError(error) && error.fullMessage) || MESSAGES.board.somethingWentWrong;

/**
 * Renaming or deleting a section (owner and collaborators). The name is
 * checked like the server checks it; deleting asks first and says that the
 * section's Pins move to the board.
 */
export function SectionEditDialog({ board, section, isOpen, onOpenChange, onPageChange }: SectionEditDialogProps) {
  const [busy, setBusy] = useState(false);
  const [view, setView] = useState<'form' | 'delete'>('form');
  return (
    <Modal
      isOpen={isOpen}
      onOpenChange={(open) => {
        onOpenChange(open);
        if (!open) setView('form');
      }}
      title={view === 'delete' ? TEXTS.sectionEdit.deleteTitle : TEXTS.sectionEdit.title}
      isDismissable={!busy}
    >
      {(close) =>
        view === 'delete' ? (
          <DeleteSection board={board} section={section} onBusyChange={setBusy} onBack={() => setView('form')} onDone={close} onPageChange={onPageChange} />
        ) : (
          <RenameSection section={section} onBusyChange={setBusy} onDone={close} onDelete={() => setView('delete')} onPageChange={onPageChange} />
        )
      }
    </Modal>
  );
}

interface RenameSectionProps {
  section: Section;
  onBusyChange: (busy: boolean) => void;
  onDone: () => void;
  onDelete: () => void;
  onPageChange: ((url: string) => void) | undefined;
}

const renameSectionForm = zCreateSection.pick({ title: true });

function RenameSection({ section, onBusyChange, onDone, onDelete, onPageChange }: RenameSectionProps) {
  const rename = useRenameSection();
  // The title as the server checks it (decision 083).
  const form = useSchemaForm(renameSectionForm, { title: section.title });
  const { title } = form.values;
  const titleError = form.issues.title ?? null;
  const canSubmit = form.valid && !rename.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = renameSectionForm.safeParse(form.values);
    if (!canSubmit || !checked.success) return;
    if (checked.data.title === section.title) {
      onDone();
      return;
    }
    onBusyChange(true);
    rename.mutate(
      { section, title: checked.data.title },
      {
        onSuccess: (renamed) => {
          onBusyChange(false);
          showToast(TEXTS.sectionEdit.saved);
          onDone();
          if (onPageChange && renamed.url && renamed.url !== section.url) onPageChange(renamed.url);
        },
        onError: () => onBusyChange(false),
      },
    );
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      {rename.isError && <FormError>{failureText(rename.error)}</FormError>}
      <TextInput
        label={TEXTS.sectionEdit.nameLabel}
        name="title"
        value={title}
        autoComplete="off"
        required
        error={titleError}
        onChange={(event) => {
          form.set('title', event.target.value);
          rename.reset();
        }}
      />
      <div className={styles.action}>
        <div>
          <p className={styles.actionName}>{TEXTS.sectionEdit.delete}</p>
          <p className={styles.help}>{TEXTS.sectionEdit.deleteHelp}</p>
        </div>
        <Button variant="secondary" isDisabled={rename.isPending} onPress={onDelete}>
          <Icon name="trash" size={18} />
          {TEXTS.sectionEdit.delete}
        </Button>
      </div>
      <div className={styles.footer}>
        <Button type="submit" variant="primary" size="large" isDisabled={!canSubmit}>
          {rename.isPending ? TEXTS.sectionEdit.saving : TEXTS.sectionEdit.save}
        </Button>
      </div>
    </form>
  );
}

interface DeleteSectionProps {
  board: Board;
  section: Section;
  onBusyChange: (busy: boolean) => void;
  onBack: () => void;
  onDone: () => void;
  onPageChange: ((url: string) => void) | undefined;
}

function DeleteSection({ board, section, onBusyChange, onBack, onDone, onPageChange }: DeleteSectionProps) {
  const remove = useDeleteSection();
  const confirm = () => {
    onBusyChange(true);
    remove.mutate(section, {
      onSuccess: () => {
        onBusyChange(false);
        showToast(TEXTS.sectionEdit.deleted({ title: section.title }));
        // Leave the section's page before its record is refetched there (it would answer 404).
        onPageChange?.(board.url);
        onDone();
      },
      onError: () => onBusyChange(false),
    });
  };
  return (
    <div className={styles.form}>
      {remove.isError && <FormError>{failureText(remove.error)}</FormError>}
      <p className={styles.deleteText}>{TEXTS.sectionEdit.deleteBody({ title: section.title, pins: section.pin_count, board: board.name })}</p>
      <ConfirmActions
        className={styles.confirmActions}
        cancelLabel={TEXTS.sectionEdit.cancel}
        onCancel={onBack}
        autoFocusCancel
        confirmLabel={TEXTS.sectionEdit.deleteConfirm}
        busyLabel={TEXTS.sectionEdit.deleting}
        busy={remove.isPending}
        onConfirm={confirm}
      />
    </div>
  );
}
