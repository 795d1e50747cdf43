import { useState, type FormEvent } from 'react';
import { PIN_TITLE_MAX } from '@pinboard/shared/constants/limits';
import { MESSAGES } from '../../../lib/messages';
import { interpolate } from '@pinboard/shared/text/interpolate';
import { Button } from '../../../components/Button/Button';
import { FormError, Select, TextInput } from '../../../components/Field/Field';
import { Modal } from '../../../components/Modal/Modal';
import { TEXTS } from '../../../lib/allTexts';
import { useAllUserBoards } from '../../boards/boards.queries';
import styles from './PublishCollageDialog.module.css';

const PROFILE = '';

export interface PublishCollageDialogProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  username: string;
  previewUrl: string | null;
  busy: boolean;
  error: string | null;
  onPublish: (input: { boardId: string | null; title: string }) => void;
}

/** Choose where the collage goes (a board, or the profile) and its title, then publish. */
export function PublishCollageDialog({ isOpen, onOpenChange, username, previewUrl, busy, error, onPublish }: PublishCollageDialogProps) {
  const boards = useAllUserBoards(isOpen ? username : null);
  const pickable = (boards.data ?? []).filter((board) => !board.archived_by_me_at);
  const [boardId, setBoardId] = useState<string | null>(null);
  const [title, setTitle] = useState('');
  const chosen = boardId ?? pickable[0]?.id ?? PROFILE;
  const titleError = title.trim().length > PIN_TITLE_MAX ? interpolate(MESSAGES.board.tooLong, { maxLength: PIN_TITLE_MAX }) : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy || titleError) return;
    onPublish({ boardId: chosen || null, title: title.trim() });
  };

  return (
    <Modal isOpen={isOpen} onOpenChange={onOpenChange} title={TEXTS.collages.publishTitle} isDismissable={!busy}>
      <form className={styles.form} onSubmit={submit} noValidate>
        {previewUrl && <img className={styles.preview} src={previewUrl} alt={TEXTS.collages.previewAlt} />}
        <div className={styles.fields}>
          <TextInput
            label={TEXTS.collages.titleLabel}
            placeholder={TEXTS.collages.titlePlaceholder}
            value={title}
            onChange={(event) => setTitle(event.target.value)}
            error={titleError}
            autoFocus
          />
          <Select label={TEXTS.collages.boardLabel} value={chosen} disabled={boards.isPending} onChange={(event) => setBoardId(event.target.value)}>
            {boards.isPending && <option value={chosen}>{TEXTS.loading}</option>}
            {pickable.map((board) => (
              <option key={board.id} value={board.id}>
                {board.name}
              </option>
            ))}
            <option value={PROFILE}>{TEXTS.collages.profileOption}</option>
          </Select>
          {error && <FormError>{error}</FormError>}
          <div className={styles.actions}>
            <Button type="submit" variant="primary" size="large" isDisabled={busy || !!titleError || boards.isPending}>
              {busy ? TEXTS.collages.publishing : TEXTS.collages.publish}
            </Button>
          </div>
        </div>
      </form>
    </Modal>
  );
}
