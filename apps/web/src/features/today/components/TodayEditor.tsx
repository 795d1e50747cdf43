import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { TODAY_BODY_MAX, TODAY_KINDS, TODAY_TITLE_MAX, type TTodayKind } from '@pinboard/shared/schemas/topics';
import { Button } from '../../../components/Button/Button';
import { FormError, Select, TextArea, TextInput } from '../../../components/Field/Field';
import { isApiError } from '../../../lib/api';
import * as TEXTS from '../../../lib/allTexts';
import { parsePinIds } from '../pinIds';
import { useCreateArticle } from '../today.queries';
import styles from './Today.module.css';

/** Staff's simple editor: kind, title, text and the article's Pins (ids or Pin addresses). */
export function TodayEditor() {
  const navigate = useNavigate();
  const create = useCreateArticle();
  const [kind, setKind] = useState<TTodayKind>('article');
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [pins, setPins] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parsePinIds(pins);
    if (!title.trim()) return setError(TEXTS.today.titleNeeded);
    if (parsed.bad.length > 0) return setError(TEXTS.today.badPins(parsed.bad.join(', ')));
    setError(null);
    create.mutate(
      { kind, title: title.trim(), body: body.trim(), pin_ids: parsed.ids },
      {
        onSuccess: (article) => void navigate(article.url),
        onError: (err) => setError(isApiError(err) && err.message ? err.fullMessage : TEXTS.genericError),
      },
    );
  };

  return (
    <form className={styles.editor} onSubmit={submit} aria-label={TEXTS.today.editorTitle}>
      <h2 className={styles.editorTitle}>{TEXTS.today.editorTitle}</h2>
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
        <Button type="submit" variant="primary" isDisabled={create.isPending}>
          {create.isPending ? TEXTS.today.publishing : TEXTS.today.publish}
        </Button>
      </div>
    </form>
  );
}
