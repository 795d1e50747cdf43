import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { TODAY_BODY_MAX, TODAY_KINDS, TODAY_TITLE_MAX, type TTodayKind } from '@pinboard/shared/schemas/topics';
import { Button } from '../../../components/Button/Button';
import { FormError, Select, TextArea, TextInput } from '../../../components/Field/Field';
import { isApiError } from '../../../lib/api';
import { TEXTS } from '../../../lib/allTexts';
import { parsePinIds } from '../pinIds';
import type { TodayArticle } from '../today.api';
import { useCreateArticle, useUpdateArticle } from '../today.queries';
import styles from './Today.module.css';

interface TodayEditorProps {
  /** The story to change; without one, the editor writes a new story. */
  article?: TodayArticle;
  /** Leaves the editor of a story without saving. */
  onCancel?: () => void;
  /** After a story is saved (the new one's page is opened either way). */
  onSaved?: () => void;
}

/** Staff's simple editor: kind, title, text and the article's Pins (ids or Pin addresses); a new story or a change to one. */
export function TodayEditor({ article, onCancel, onSaved }: TodayEditorProps) {
  const navigate = useNavigate();
  const create = useCreateArticle();
  const update = useUpdateArticle(article?.id ?? '');
  const save = article ? update : create;
  const [kind, setKind] = useState<TTodayKind>(article?.kind ?? 'article');
  const [title, setTitle] = useState(article?.title ?? '');
  const [body, setBody] = useState(article?.body ?? '');
  const [pins, setPins] = useState(article ? article.pins.map((pin) => pin.id).join('\n') : '');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parsePinIds(pins);
    if (!title.trim()) return setError(TEXTS.today.titleNeeded);
    if (parsed.bad.length > 0) return setError(TEXTS.today.badPins({ list: parsed.bad.join(', ') }));
    setError(null);
    save.mutate(
      { kind, title: title.trim(), body: body.trim(), pin_ids: parsed.ids },
      {
        onSuccess: (saved) => {
          onSaved?.();
          void navigate(saved.url, { replace: !!article });
        },
        onError: (err) => setError(isApiError(err) && err.message ? err.fullMessage : TEXTS.genericError),
      },
    );
  };

  return (
    <form className={styles.editor} onSubmit={submit} aria-label={article ? TEXTS.today.editTitle : TEXTS.today.editorTitle}>
      <h2 className={styles.editorTitle}>{article ? TEXTS.today.editTitle : TEXTS.today.editorTitle}</h2>
      <Select label={TEXTS.today.kind} value={kind} onChange={(e) => setKind(e.target.value as TTodayKind)}>
        {TODAY_KINDS.map((k) => (
          <option key={k} value={k}>
            {TEXTS.today.kinds[k]}
          </option>
        ))}
      </Select>
      <TextInput label={TEXTS.today.title} value={title} maxLength={TODAY_TITLE_MAX} onChange={(e) => setTitle(e.target.value)} />
      <TextArea label={TEXTS.today.body} value={body} maxLength={TODAY_BODY_MAX} rows={5} onChange={(e) => setBody(e.target.value)} />
      <TextArea label={TEXTS.today.pins} help={TEXTS.today.pinsHelp} value={pins} rows={3} onChange={(e) => setPins(e.target.value)} />
      {error && <FormError>{error}</FormError>}
      <div className={styles.editorActions}>
        {onCancel && (
          <Button variant="secondary" onPress={onCancel} isDisabled={save.isPending}>
            {TEXTS.today.cancel}
          </Button>
        )}
        <Button type="submit" variant="primary" isDisabled={save.isPending}>
          {save.isPending ? (article ? TEXTS.today.saving : TEXTS.today.publishing) : article ? TEXTS.today.saveChanges : TEXTS.today.publish}
        </Button>
      </div>
    </form>
  );
}
