import { useState, type FormEvent } from 'react';
import type { TImportOut } from '@pinboard/shared/schemas/imports';
import { Button } from '../../components/Button/Button';
import { Spinner } from '../../components/Spinner/Spinner';
import { isApiError } from '../../lib/api';
import { TEXTS } from '../../lib/allTexts';
import { startImport } from './imports.api';
import { useImportStarted, useLatestImport, useRetryImport } from './imports.queries';
import styles from './ImportSettings.module.css';

const working = (i: TImportOut | null | undefined) => i?.status === 'queued' || i?.status === 'running';

/**
 * Settings → Import (decision 094): a sentence, public or secret boards, the
 * export file and its upload with its progress; then the import's live
 * progress (read every second while it runs), its counts and failures, and
 * Retry failed. Closed and reopened, the page shows the latest import.
 */
export function ImportSettings() {
  const latest = useLatestImport();
  const current = latest.data;
  return (
    <>
      <p className={styles.intro}>{TEXTS.imports.intro}</p>
      {latest.isPending ? (
        <Spinner />
      ) : (
        <>
          {current ? <ImportProgress imp={current} /> : null}
          {working(current) ? null : <ImportForm />}
        </>
      )}
    </>
  );
}

function ImportForm() {
  const [privacy, setPrivacy] = useState<'public' | 'secret'>('secret');
  const [file, setFile] = useState<File | null>(null);
  const [sent, setSent] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const started = useImportStarted();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file || sent !== null) return;
    setError(null);
    setSent(0);
    startImport(file, privacy, setSent)
      .then(() => started())
      .catch((err: unknown) => setError(isApiError(err) ? err.message : TEXTS.genericError))
      .finally(() => setSent(null));
  };

  return (
    <form className={styles.form} onSubmit={submit} aria-label={TEXTS.imports.title}>
      <fieldset className={styles.choices}>
        <legend className={styles.label}>{TEXTS.imports.privacy}</legend>
        {(['secret', 'public'] as const).map((value) => (
          <label key={value} className={styles.choice}>
            <input type="radio" name="board_privacy" value={value} checked={privacy === value} onChange={() => setPrivacy(value)} />
            {value === 'secret' ? TEXTS.imports.privacySecret : TEXTS.imports.privacyPublic}
          </label>
        ))}
      </fieldset>
      <label className={styles.fileField}>
        <span className={styles.label}>{TEXTS.imports.file}</span>
        <input
          type="file"
          name="file"
          accept=".zip,.html,.htm,.csv,application/zip,text/html,text/csv"
          onChange={(event) => setFile(event.currentTarget.files?.[0] ?? null)}
        />
      </label>
      <div className={styles.uploadRow}>
        <Button type="submit" variant="primary" isDisabled={!file || sent !== null}>
          {TEXTS.imports.upload}
        </Button>
        {/* The upload's progress keeps its place, shown or not: nothing moves. */}
        <span className={styles.uploadProgress} aria-live="polite">
          {sent !== null ? (
            <>
              <progress max={1} value={sent} aria-label={TEXTS.imports.progressLabel} />
              {TEXTS.imports.uploading({ percent: Math.round(sent * 100) })}
            </>
          ) : null}
        </span>
      </div>
      {error ? (
        <p className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
    </form>
  );
}

function ImportProgress({ imp }: { imp: TImportOut }) {
  const retry = useRetryImport();
  const counts: [string, number][] = [
    [TEXTS.imports.pinsImported, imp.pins_imported],
    [TEXTS.imports.boardsCreated, imp.boards_created],
    [TEXTS.imports.pinsSkippedDead, imp.pins_skipped_dead],
    [TEXTS.imports.duplicatesCollapsed, imp.duplicates_collapsed],
    [TEXTS.imports.imagesFailed, imp.images_failed],
  ];
  return (
    <section className={styles.progress} aria-labelledby="import-status" data-status={imp.status}>
      <p id="import-status" className={styles.status} aria-live="polite">
        {TEXTS.imports.status[imp.status]}
      </p>
      <progress
        className={styles.bar}
        max={Math.max(1, imp.total)}
        value={imp.status === 'done' ? Math.max(1, imp.total) : imp.done}
        aria-label={TEXTS.imports.progressLabel}
      />
      <p className={styles.count}>{TEXTS.imports.progress({ done: imp.done, total: imp.total })}</p>
      <dl className={styles.counts}>
        {counts.map(([label, value]) => (
          <div key={label} className={styles.countRow}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {imp.failures.length > 0 ? (
        <>
          <h2 className={styles.label}>{TEXTS.imports.failures}</h2>
          <ul className={styles.failures}>
            {imp.failures.map((f) => (
              <li key={f.pin_url}>
                <a href={f.pin_url} target="_blank" rel="noreferrer noopener">
                  {f.title || TEXTS.imports.untitled}
                </a>
                <span className={styles.reason}>{TEXTS.imports.reason[f.reason]}</span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {imp.status === 'done' && imp.images_failed > 0 ? (
        <Button onPress={() => retry.mutate(imp.id)} isDisabled={retry.isPending}>
          {TEXTS.imports.retry}
        </Button>
      ) : null}
    </section>
  );
}
