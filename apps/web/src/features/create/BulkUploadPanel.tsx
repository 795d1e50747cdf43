/**
 * Bulk upload in the Pin creation tool (decision 098): up to 200 images are
 * uploaded with tus, a few at a time, each with its progress and a retry;
 * an upload cut off goes on from where the server stopped (its fingerprint is
 * kept in the browser, with the batch, across a reload). Each becomes a draft
 * Pin the server processes; the ready ones are published together onto a
 * board. Loaded on demand: none of it is in any other page's first paint.
 */
import { useCallback, useEffect, useRef, useState, type ChangeEvent, type DragEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Upload } from 'tus-js-client';
import { BULK_UPLOAD_MAX_FILES, type TDraft } from '@pinboard/shared/schemas/bulk-uploads';
import { Button } from '../../components/Button/Button';
import { FormError } from '../../components/Field/Field';
import { Icon } from '../../components/Icon/AllIcons';
import { showToast } from '../../components/Toast/toasts';
import { api, readCookie } from '../../lib/api';
import { TEXTS } from '../../lib/allTexts';
import { ACCEPTED_IMAGE_TYPES, fileProblem } from '../../lib/upload';
import { BoardSectionSelect, type BoardSectionValue } from '../picker/components/BoardSectionSelect';
import { apiErrorText } from './usePublishFlow';
import styles from './BulkUploadPanel.module.css';

const T = TEXTS.bulkUpload;
/** Uploads running at once. */
const AT_ONCE = 3;
const BATCH_KEY = 'pinboard.bulkUploadBatch';
/** The query keys of the bulk panel: one batch's drafts. */
const draftKeys = { batch: (batch: string) => ['bulkUpload', batch] as const };

/** One chosen file on its way up. */
interface Sending {
  key: string;
  file: File;
  state: 'waiting' | 'uploading' | 'failed' | 'done';
  progress: number;
  problem: string | null;
}

/** The batch this tab is filling: kept across a reload, so its uploads resume into it. */
function currentBatch(): string {
  const kept = sessionStorage.getItem(BATCH_KEY);
  if (kept) return kept;
  // getRandomValues, not randomUUID: the latter needs a secure context, and a server on a home network may be plain http.
  const made = `b${[...crypto.getRandomValues(new Uint8Array(12))].map((n) => n.toString(16).padStart(2, '0')).join('')}`;
  sessionStorage.setItem(BATCH_KEY, made);
  return made;
}

let nextKey = 0;

/** The server's own words when it refused the upload (too large, past the budget), else none. */
function refusal(error: Error): string | null {
  const body = (error as { originalResponse?: { getBody(): string } | null }).originalResponse?.getBody();
  try {
    const message = (JSON.parse(body ?? '') as { message?: unknown }).message;
    return typeof message === 'string' ? message : null;
  } catch {
    return null;
  }
}

export default function BulkUploadPanel() {
  const queryClient = useQueryClient();
  const [batch, setBatch] = useState(currentBatch);
  const [sending, setSending] = useState<Sending[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const [place, setPlace] = useState<BoardSectionValue>({ boardId: '', sectionId: '' });
  const [formError, setFormError] = useState<string | null>(null);
  const running = useRef(new Map<string, Upload>());

  const drafts = useQuery({
    queryKey: draftKeys.batch(batch),
    queryFn: async () => (await api.resource('BulkUploadResource', 'get', { batch_id: batch })).data,
    // Ask again while the server is still making some drafts' sizes.
    refetchInterval: (query) => (query.state.data?.some((d) => d.status === 'uploading' || d.status === 'processing') ? 1500 : false),
  });
  const shown = (drafts.data ?? []).filter((d) => d.status !== 'uploading');
  const ready = shown.filter((d) => d.status === 'ready');

  const update = (key: string, patch: Partial<Sending>) => setSending((all) => all.map((s) => (s.key === key ? { ...s, ...patch } : s)));

  const start = useCallback(
    (item: Sending) => {
      const upload = new Upload(item.file, {
        endpoint: '/v3/uploads/',
        metadata: { batch, filename: item.file.name, filetype: item.file.type },
        headers: { 'X-CSRFToken': readCookie('csrftoken') ?? '' },
        // The same file of the same batch resumes where the server stopped, even after a reload.
        fingerprint: async (file) => ['pinboard-bulk', batch, file.name, file.type, file.size, file.lastModified].join('/'),
        storeFingerprintForResuming: true,
        removeFingerprintOnSuccess: true,
        retryDelays: [0, 1000, 3000, 5000, 10000],
        onProgress: (sent, total) => update(item.key, { progress: total > 0 ? sent / total : 0 }),
        onSuccess: () => {
          running.current.delete(item.key);
          update(item.key, { state: 'done', progress: 1 });
          void queryClient.invalidateQueries({ queryKey: draftKeys.batch(batch) });
        },
        onError: (error) => {
          running.current.delete(item.key);
          update(item.key, { state: 'failed', problem: refusal(error) ?? T.uploadFailed });
        },
      });
      running.current.set(item.key, upload);
      update(item.key, { state: 'uploading', problem: null });
      void upload.findPreviousUploads().then((previous) => {
        if (previous[0]) upload.resumeFromPreviousUpload(previous[0]);
        upload.start();
      });
    },
    [batch, queryClient],
  );

  // A few at a time: the next waiting file starts when a place is free.
  useEffect(() => {
    const active = sending.filter((s) => s.state === 'uploading').length;
    const next = sending.filter((s) => s.state === 'waiting').slice(0, Math.max(0, AT_ONCE - active));
    for (const item of next) start(item);
  }, [sending, start]);

  // Leaving the page stops the uploads (they resume when the same files are chosen again).
  useEffect(() => {
    const uploads = running.current;
    return () => {
      for (const upload of uploads.values()) void upload.abort();
    };
  }, []);

  const choose = (files: File[]) => {
    setNotice(null);
    const taken = shown.length + sending.filter((s) => s.state !== 'done').length;
    const room = Math.max(0, BULK_UPLOAD_MAX_FILES - taken);
    const images = files.filter((f) => (ACCEPTED_IMAGE_TYPES as readonly string[]).includes(f.type));
    const problems = files.map((f) => fileProblem(f)).filter(Boolean);
    const added = images.filter((f) => !fileProblem(f)).slice(0, room);
    if (images.length > room) setNotice(T.tooMany({ max: BULK_UPLOAD_MAX_FILES, count: images.length - room }));
    else if (problems[0]) setNotice(problems[0]);
    setSending((all) => [...all, ...added.map((file): Sending => ({ key: `u${nextKey++}`, file, state: 'waiting', progress: 0, problem: null }))]);
  };

  const onFileChange = (event: ChangeEvent<HTMLInputElement>) => {
    choose([...(event.target.files ?? [])]);
    event.target.value = '';
  };
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    choose([...event.dataTransfer.files]);
  };

  const edit = useMutation({
    mutationFn: (o: { id: string; title: string }) => api.resource('BulkUploadResource', 'update', o),
    onError: (error) => setFormError(apiErrorText(error, TEXTS.genericError)),
  });
  const remove = useMutation({
    mutationFn: (id: string) => api.resource('BulkUploadResource', 'delete', { id }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: draftKeys.batch(batch) }),
  });
  const publish = useMutation({
    mutationFn: () =>
      api.resource('BulkUploadPublishResource', 'create', { batch_id: batch, board_id: place.boardId, section_id: place.sectionId || undefined }),
    onSuccess: ({ data }) => {
      const dupes = data.duplicates.length > 0 ? ` ${T.duplicates({ count: data.duplicates.length })}` : '';
      showToast(`${T.published({ count: data.pin_ids.length })}${dupes}`);
      if (data.not_ready === 0) {
        // The batch is done: the next images start a new one.
        sessionStorage.removeItem(BATCH_KEY);
        setSending([]);
        setBatch(currentBatch());
      } else void queryClient.invalidateQueries({ queryKey: draftKeys.batch(batch) });
    },
    onError: (error) => setFormError(apiErrorText(error, TEXTS.genericError)),
  });

  const onPublish = () => {
    setFormError(null);
    if (!place.boardId) {
      setFormError(T.boardNeeded);
      return;
    }
    publish.mutate();
  };

  const inFlight = sending.filter((s) => s.state !== 'done');
  const statusText = (d: TDraft) =>
    d.status === 'ready' ? T.statusReady : d.status === 'duplicate' ? T.statusDuplicate : d.status === 'failed' ? T.statusFailed : T.statusProcessing;

  return (
    <section className={styles.panel} aria-labelledby="bulk-heading">
      <h2 id="bulk-heading" className={styles.heading}>
        {T.heading({ max: BULK_UPLOAD_MAX_FILES })}
      </h2>
      <div
        className={styles.drop}
        data-dragging={dragging || undefined}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <Icon name="upload" size={22} />
        <span id="bulk-choose">{T.choose}</span>
        <span id="bulk-help" className={styles.help}>
          {T.help({ max: BULK_UPLOAD_MAX_FILES })}
        </span>
        <input
          className={styles.fileInput}
          type="file"
          accept={ACCEPTED_IMAGE_TYPES.join(',')}
          multiple
          aria-labelledby="bulk-choose"
          aria-describedby="bulk-help"
          onChange={onFileChange}
        />
      </div>
      <p className={styles.notice} role="status">
        {notice}
      </p>

      {inFlight.length > 0 && (
        <ul className={styles.sending}>
          {inFlight.map((s) => (
            <li key={s.key} className={styles.sendingItem}>
              <span className={styles.name}>{s.file.name}</span>
              <progress max={100} value={Math.round(s.progress * 100)} aria-label={T.progressName({ name: s.file.name })} />
              <span className={styles.state}>
                {s.state === 'waiting' ? T.waiting : s.state === 'failed' ? s.problem : T.uploading({ percent: Math.round(s.progress * 100) })}
              </span>
              {s.state === 'failed' && (
                <Button variant="secondary" size="small" aria-label={T.retryName({ name: s.file.name })} onPress={() => update(s.key, { state: 'waiting' })}>
                  {T.retry}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}

      {shown.length > 0 && (
        <ul className={styles.grid}>
          {shown.map((d) => (
            <li key={d.id} className={styles.tile} data-status={d.status}>
              <div className={styles.thumb} style={{ background: d.dominant_color ?? undefined }}>
                {d.thumbnail_url && <img src={d.thumbnail_url} alt="" width={160} height={160} />}
              </div>
              <span className={styles.state}>{statusText(d)}</span>
              <input
                className={styles.title}
                defaultValue={d.title}
                maxLength={100}
                aria-label={T.titleOf({ name: d.file_name })}
                disabled={d.status !== 'ready'}
                onBlur={(event) => {
                  const title = event.target.value.trim();
                  if (title !== d.title) edit.mutate({ id: d.id, title });
                }}
              />
              <button type="button" className={styles.remove} aria-label={T.removeName({ name: d.file_name })} onClick={() => remove.mutate(d.id)}>
                <Icon name="close" size={12} />
              </button>
            </li>
          ))}
        </ul>
      )}

      <div className={styles.publishRow}>
        <BoardSectionSelect value={place} onChange={setPlace} preselectRecent allowNoBoard={false} disabled={publish.isPending} />
        {formError && <FormError>{formError}</FormError>}
        <Button variant="primary" size="large" isDisabled={publish.isPending || ready.length === 0} onPress={onPublish}>
          {publish.isPending ? T.publishing : T.publish({ count: ready.length })}
        </Button>
      </div>
    </section>
  );
}
