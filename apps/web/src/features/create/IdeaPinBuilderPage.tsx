/**
 * /idea-pin-builder/ (docs/product/profiles-and-boards.md §2): an Idea Pin of up to 20
 * pages, each an image or a video with optional text, reordered, previewed
 * at 9:16 and published to a board and a section of it. Each page uploads as
 * soon as it is chosen (a video is then processed; publishing waits for it).
 * With `?id=` its maker edits a published Idea Pin: its pages come in as they
 * are (kept by their index), and saving sends the pages as they are to be.
 */
import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { PIN_TITLE_MAX, STORY_PIN_MAX_BLOCKS, STORY_PIN_MAX_PAGES } from '@pinboard/shared/constants/limits';
import { MESSAGES } from '../../lib/messages';
import { Button } from '../../components/Button/Button';
import { FormError, Select, TextArea, TextInput } from '../../components/Field/Field';
import { Icon } from '../../components/Icon/AllIcons';
import { Spinner } from '../../components/Spinner/Spinner';
import { useAllUserBoards, useSections } from '../boards/boards.queries';
import { usePickerBoards } from '../picker/picker.queries';
import { useCreateStoryPin, useUpdateStoryPin } from '../pins/mediaPins.queries';
import { usePin } from '../pins/pins.queries';
import type { Pin } from '../../lib/answers';
import { fetchStoryMedia, uploadStoryMedia, type StoryMedia } from '../pins/storyPins.api';
import type { SignedInViewer } from '../session/session.api';
import { RequireSignedIn } from '../session/components/RequireSignedIn';
import { useActingProfile } from '../../lib/actingProfile';
import { ACCEPTED_IMAGE_TYPES, ACCEPTED_VIDEO_TYPES, isVideoFile, mediaFileProblem } from '../../lib/upload';
import { TEXTS } from '../../lib/allTexts';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { apiErrorText, usePublishFlow } from './usePublishFlow';
import styles from './IdeaPinBuilderPage.module.css';

const ACCEPT = [...ACCEPTED_IMAGE_TYPES, ...ACCEPTED_VIDEO_TYPES].join(',');
const errorText = (error: unknown) => apiErrorText(error, TEXTS.genericError);

interface DraftPage {
  key: number;
  previewUrl: string;
  isVideo: boolean;
  progress: number;
  media: StoryMedia | null;
  error: string | null;
  texts: string[];
  /** A page the Idea Pin being edited has now: its index there (its media is kept). */
  keep?: number;
}

/** The pages of a published Idea Pin as the builder holds them. */
function draftPagesOf(pin: Pin): DraftPage[] {
  return (pin.story_pin_data?.pages ?? []).map((page, i) => {
    const media = page.blocks.find((b) => b.type !== 'story_pin_paragraph_block');
    const image = media && 'image' in media ? (media.image['736x'] ?? media.image['474x'] ?? media.image.orig) : undefined;
    return {
      key: -(i + 1),
      previewUrl: image?.url ?? '',
      isVideo: media?.type === 'story_pin_video_block',
      progress: 1,
      media: null,
      error: null,
      texts: page.blocks.flatMap((b) => (b.type === 'story_pin_paragraph_block' ? [b.text] : [])),
      keep: i,
    };
  });
}

export function IdeaPinBuilderPage() {
  const [params] = useSearchParams();
  const editId = params.get('id');
  useDocumentTitle(editId ? TEXTS.ideaPin.editHeading : TEXTS.ideaPin.builderHeading);
  const next = editId ? `/idea-pin-builder/?id=${encodeURIComponent(editId)}` : '/idea-pin-builder/';
  return (
    <RequireSignedIn heading={MESSAGES.loginPrompt.createPinOrBoard} body={TEXTS.ideaPin.loginNeeded} next={next}>
      {(viewer) => (editId ? <EditLoader viewer={viewer} id={editId} /> : <Builder viewer={viewer} />)}
    </RequireSignedIn>
  );
}

/** The Idea Pin to edit: its maker's alone (anyone else, or another kind of Pin, is sent to its closeup). */
function EditLoader({ viewer, id }: { viewer: SignedInViewer; id: string }) {
  const pin = usePin(id);
  if (pin.isError) return <Navigate to="/" replace />;
  if (!pin.data) return <Spinner />;
  if (!pin.data.story_pin_data || pin.data.pinner.id !== viewer.id) return <Navigate to={`/pin/${id}/`} replace />;
  return <Builder viewer={viewer} editing={pin.data} />;
}

function Builder({ viewer, editing = null }: { viewer: SignedInViewer; editing?: Pin | null }) {
  const [params] = useSearchParams();
  // Acting as a business (the header's switcher): its boards and sections, and the Idea Pin is published as it (decision 043).
  const acting = useActingProfile(editing ? null : viewer.id);
  const ownBoards = useAllUserBoards(acting ? null : viewer.username);
  const pickerBoards = usePickerBoards('', { enabled: !!acting });
  const boards = acting ? { data: pickerBoards.data?.all_boards, isPending: pickerBoards.isPending } : ownBoards;
  const publish = useCreateStoryPin();
  const save = useUpdateStoryPin();
  const [pages, setPages] = useState<DraftPage[]>(() => (editing ? draftPagesOf(editing) : []));
  const [selected, setSelected] = useState(0);
  const [title, setTitle] = useState(editing?.title ?? '');
  const [boardId, setBoardId] = useState<string | null>(params.get('board_id'));
  const [sectionId, setSectionId] = useState('');
  const { formError: error, setFormError: setError, outcome } = usePublishFlow(TEXTS.genericError);
  const nextKey = useRef(1);
  const fileInput = useRef<HTMLInputElement>(null);
  const boardList = boards.data ?? [];
  const board = boardId && boardList.some((b) => b.id === boardId) ? boardId : (boardList[0]?.id ?? '');
  const sections = useSections(board || null);

  const patch = (key: number, change: Partial<DraftPage>) => setPages((list) => list.map((p) => (p.key === key ? { ...p, ...change } : p)));

  // Videos being processed are asked about until they are ready or failed.
  const waiting = pages
    .filter((p) => p.media?.video_status === 'processing')
    .map((p) => `${p.key}:${p.media!.id}`)
    .join(',');
  useEffect(() => {
    if (!waiting) return;
    const timer = window.setInterval(() => {
      for (const entry of waiting.split(',')) {
        const [key, id] = entry.split(':');
        void fetchStoryMedia(id!)
          .then((media) => {
            if (media.video_status !== 'processing')
              patch(Number(key), { media, error: media.video_status === 'failed' ? (media.video_failure_reason ?? TEXTS.video.failed) : null });
          })
          .catch(() => {});
      }
    }, 1500);
    return () => window.clearInterval(timer);
  }, [waiting]);

  // Object URLs of the pages are let go when the builder closes.
  const previews = useRef<string[]>([]);
  previews.current = pages.map((p) => p.previewUrl);
  useEffect(() => () => previews.current.forEach((url) => url.startsWith('blob:') && URL.revokeObjectURL(url)), []);

  const addFiles = (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    setError(null);
    for (const file of files) {
      if (pages.length + 1 > STORY_PIN_MAX_PAGES) {
        setError(TEXTS.ideaPin.full);
        break;
      }
      const problem = mediaFileProblem(file);
      if (problem) {
        setError(problem);
        continue;
      }
      const key = nextKey.current++;
      const isVideo = isVideoFile(file);
      setPages((list) =>
        list.length >= STORY_PIN_MAX_PAGES
          ? list
          : [...list, { key, previewUrl: URL.createObjectURL(file), isVideo, progress: 0, media: null, error: null, texts: [] }],
      );
      setSelected(pages.length);
      uploadStoryMedia(file, isVideo, (sent) => patch(key, { progress: sent }))
        .then((media) => patch(key, { media, progress: 1 }))
        .catch((err: unknown) => patch(key, { error: errorText(err) }));
    }
  };

  const move = (index: number, delta: number) => {
    setPages((list) => {
      const to = index + delta;
      if (to < 0 || to >= list.length) return list;
      const copy = [...list];
      [copy[index], copy[to]] = [copy[to]!, copy[index]!];
      return copy;
    });
    setSelected(index + delta);
  };
  const remove = (index: number) => {
    setPages((list) => list.filter((_, i) => i !== index));
    setSelected((s) => Math.max(0, Math.min(s, pages.length - 2)));
  };
  const page = pages[selected] ?? null;
  const setText = (i: number, text: string) => page && patch(page.key, { texts: page.texts.map((t, j) => (j === i ? text : t)) });

  const ready = pages.length > 0 && pages.every((p) => p.keep !== undefined || (p.media && !p.error && p.media.video_status !== 'processing'));
  const pagesForApi = () =>
    pages.map((p) => ({
      blocks: [
        {
          type: p.isVideo ? ('story_pin_video_block' as const) : ('story_pin_image_block' as const),
          ...(p.keep !== undefined ? { keep_page: p.keep } : { media_id: p.media!.id }),
        },
        ...p.texts.filter((t) => t.trim()).map((text) => ({ type: 'story_pin_paragraph_block' as const, text: text.trim() })),
      ],
    }));
  const busy = publish.isPending || save.isPending;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (pages.length === 0) return setError(TEXTS.ideaPin.empty);
    if (editing) {
      if (!ready) return;
      save.mutate({ id: editing.id, title: title.trim(), pages: pagesForApi() }, outcome(TEXTS.editPin.saved));
      return;
    }
    if (!board) return setError(TEXTS.ideaPin.chooseBoard);
    if (!ready) return;
    publish.mutate(
      {
        board_id: board,
        section_id: sectionId || undefined,
        title: title.trim() || undefined,
        pages: pagesForApi(),
      },
      outcome(TEXTS.ideaPin.published),
    );
  };

  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>{editing ? TEXTS.ideaPin.editHeading : TEXTS.ideaPin.builderHeading}</h1>
      <form className={styles.layout} onSubmit={submit} noValidate>
        <section className={styles.pages} aria-label={TEXTS.ideaPin.pages({ n: pages.length, max: STORY_PIN_MAX_PAGES })}>
          <p className={styles.count}>{TEXTS.ideaPin.pages({ n: pages.length, max: STORY_PIN_MAX_PAGES })}</p>
          <ol className={styles.pageList}>
            {pages.map((p, i) => (
              <li key={p.key} className={styles.pageItem} data-selected={i === selected || undefined}>
                <button
                  type="button"
                  className={styles.thumb}
                  onClick={() => setSelected(i)}
                  aria-label={TEXTS.ideaPin.pageAlt({ n: i + 1 })}
                  aria-current={i === selected ? 'true' : undefined}
                >
                  {p.isVideo && p.keep === undefined ? <video src={p.previewUrl} muted playsInline preload="metadata" /> : <img src={p.previewUrl} alt="" />}
                  <span className={styles.thumbNumber}>{i + 1}</span>
                  {p.keep === undefined && (!p.media || p.media.video_status === 'processing') && !p.error && (
                    <span className={styles.thumbBusy}>{p.media ? TEXTS.video.processing.split('…')[0] : `${Math.round(p.progress * 100)}%`}</span>
                  )}
                  {p.error && <span className={styles.thumbError}>!</span>}
                </button>
                <div className={styles.pageTools}>
                  <button type="button" onClick={() => move(i, -1)} disabled={i === 0} aria-label={`${TEXTS.ideaPin.moveEarlier} ${i + 1}`}>
                    <Icon name="chevronLeft" size={14} />
                  </button>
                  <button type="button" onClick={() => move(i, 1)} disabled={i === pages.length - 1} aria-label={`${TEXTS.ideaPin.moveLater} ${i + 1}`}>
                    <Icon name="chevronRight" size={14} />
                  </button>
                  <button type="button" onClick={() => remove(i)} aria-label={`${TEXTS.ideaPin.removePage} ${i + 1}`}>
                    <Icon name="close" size={14} />
                  </button>
                </div>
              </li>
            ))}
          </ol>
          {pages.length < STORY_PIN_MAX_PAGES && (
            <label className={styles.addPage}>
              <Icon name="upload" size={20} />
              <span>{TEXTS.ideaPin.addPage}</span>
              <span className={styles.addHelp}>{TEXTS.ideaPin.addPageHelp}</span>
              <input ref={fileInput} className="visually-hidden" type="file" accept={ACCEPT} multiple onChange={addFiles} />
            </label>
          )}
        </section>

        <section className={styles.editor} aria-label={TEXTS.ideaPin.preview}>
          <div className={styles.frame} style={{ backgroundColor: page?.media?.dominant_color ?? undefined }}>
            {page ? (
              page.isVideo && page.keep === undefined ? (
                <video
                  className={styles.frameMedia}
                  src={page.previewUrl}
                  muted
                  autoPlay
                  loop
                  playsInline
                  aria-label={TEXTS.ideaPin.pageAlt({ n: selected + 1 })}
                />
              ) : (
                <img className={styles.frameMedia} src={page.previewUrl} alt={TEXTS.ideaPin.pageAlt({ n: selected + 1 })} />
              )
            ) : (
              <p className={styles.frameEmpty}>{TEXTS.ideaPin.empty}</p>
            )}
            {page && page.texts.some((t) => t.trim()) && (
              <div className={styles.frameTexts}>
                {page.texts
                  .filter((t) => t.trim())
                  .map((t, i) => (
                    <p key={i}>{t}</p>
                  ))}
              </div>
            )}
          </div>
          {page?.error && <FormError>{page.error}</FormError>}
          {page && (
            <div className={styles.texts}>
              {page.texts.map((t, i) => (
                <div key={i} className={styles.textRow}>
                  <TextArea
                    label={`${TEXTS.ideaPin.textLabel} (${i + 1})`}
                    rows={2}
                    maxLength={500}
                    value={t}
                    onChange={(event) => setText(i, event.target.value)}
                  />
                  <button
                    type="button"
                    className={styles.textRemove}
                    onClick={() => patch(page.key, { texts: page.texts.filter((_, j) => j !== i) })}
                    aria-label={TEXTS.ideaPin.removeText}
                  >
                    <Icon name="close" size={14} />
                  </button>
                </div>
              ))}
              {page.texts.length < STORY_PIN_MAX_BLOCKS - 1 && (
                <Button variant="secondary" size="small" onPress={() => patch(page.key, { texts: [...page.texts, ''] })}>
                  {TEXTS.ideaPin.addText}
                </Button>
              )}
            </div>
          )}
        </section>

        <section className={styles.details}>
          {error && <FormError>{error}</FormError>}
          {acting && <p>{TEXTS.business.creatingAs({ name: acting.businessName })}</p>}
          <TextInput
            label={TEXTS.ideaPin.titleLabel}
            name="title"
            placeholder={TEXTS.ideaPin.titlePlaceholder}
            maxLength={PIN_TITLE_MAX}
            value={title}
            onChange={(event) => setTitle(event.target.value)}
          />
          {!editing && (
            <Select
              label={TEXTS.ideaPin.boardLabel}
              name="board"
              value={board}
              disabled={boards.isPending}
              onChange={(event) => {
                setBoardId(event.target.value);
                setSectionId('');
              }}
            >
              {boards.isPending && <option value="">{TEXTS.loading}</option>}
              {boardList.map((b) => (
                <option key={b.id} value={b.id}>
                  {b.name}
                </option>
              ))}
            </Select>
          )}
          {!editing && (sections.data?.length ?? 0) > 0 && (
            <Select label={TEXTS.ideaPin.sectionLabel} name="section" value={sectionId} onChange={(event) => setSectionId(event.target.value)}>
              <option value="">{TEXTS.ideaPin.noSection}</option>
              {sections.data!.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.title}
                </option>
              ))}
            </Select>
          )}
          <Button type="submit" variant="primary" isDisabled={busy || (pages.length > 0 && !ready)}>
            {editing ? (save.isPending ? TEXTS.editPin.saving : TEXTS.editPin.save) : publish.isPending ? TEXTS.ideaPin.publishing : TEXTS.ideaPin.publish}
          </Button>
        </section>
      </form>
    </div>
  );
}
