import { useEffect, useReducer, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { COLLAGE_MAX_LAYERS } from '@pinboard/shared/constants/collages';
import { MESSAGES } from '../../lib/messages';
import { Button } from '../../components/Button/Button';
import { EmptyState } from '../../components/EmptyState/EmptyState';
import { Spinner } from '../../components/Spinner/Spinner';
import { showToast } from '../../components/Toast/toasts';
import type { CollageDetail } from './collages.api';
import { useCollage, usePublishCollage, useSaveCollage } from './collages.queries';
import { collagesEnabled } from './collagesAccess';
import { CollageCanvas } from './components/CollageCanvas';
import { PublishCollageDialog } from '../../overlays';
import { SavedPinPicker } from './components/SavedPinPicker';
import { canAddLayer, editorReducer, initialEditorState, toApiLayers } from './layers';
import type { Pin } from '../pins/pins.api';
import type { SignedInViewer } from '../session/session.api';
import { RequireSignedIn } from '../session/components/RequireSignedIn';
import { isApiError } from '../../lib/api';
import { TEXTS } from '../../lib/allTexts';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import styles from './CollageCreationToolPage.module.css';

const collagesTab = (username: string) => `/${username}/_collages/`;

function errorText(error: unknown): string {
  return isApiError(error) && error.fullMessage ? error.fullMessage : MESSAGES.board.somethingWentWrong;
}

/** /collage-creation-tool/ (docs/product/profiles-and-boards.md §2); ?draftId={id} opens a draft. */
export function CollageCreationToolPage() {
  const [params] = useSearchParams();
  const draftId = params.get('draftId');
  useDocumentTitle(draftId ? TEXTS.collages.editHeading : TEXTS.collages.toolHeading);
  return (
    <RequireSignedIn
      heading={MESSAGES.loginPrompt.continue}
      body={TEXTS.collages.loginNeeded}
      next={`/collage-creation-tool/${draftId ? `?draftId=${draftId}` : ''}`}
    >
      {(viewer) => {
        if (!collagesEnabled(viewer)) return <EmptyState headingLevel={1}>{TEXTS.collages.notAvailable}</EmptyState>;
        return <CollageTool viewer={viewer} draftId={draftId && /^\d+$/.test(draftId) ? draftId : null} />;
      }}
    </RequireSignedIn>
  );
}

function CollageTool({ viewer, draftId }: { viewer: SignedInViewer; draftId: string | null }) {
  const navigate = useNavigate();
  const draft = useCollage(draftId);
  const save = useSaveCollage();
  const publish = usePublishCollage();
  const [state, dispatch] = useReducer(editorReducer, initialEditorState);
  const [pins, setPins] = useState<ReadonlyMap<string, Pin>>(new Map());
  const [publishing, setPublishing] = useState(false);
  const [saved, setSaved] = useState<CollageDetail | null>(null);
  const loadedId = useRef<string | null>(null);

  // Opening a draft: its layers and their Pins, once per draft.
  useEffect(() => {
    const data = draft.data;
    if (!data || loadedId.current === data.id) return;
    loadedId.current = data.id;
    setSaved(data);
    setPins(new Map(data.layers.map((layer) => [layer.pin.id, layer.pin])));
    dispatch({ type: 'load', layers: data.layers.map(({ pin_id, x, y, width, height, rotation }) => ({ pinId: pin_id, x, y, width, height, rotation })) });
  }, [draft.data]);

  if (draftId && draft.isPending) return <Spinner />;
  if (draftId && draft.isError) {
    return (
      <EmptyState headingLevel={1} link={{ to: collagesTab(viewer.username), label: TEXTS.collages.backToCollages }}>
        {isApiError(draft.error) && draft.error.isNotFound ? TEXTS.collages.notFound : errorText(draft.error)}
      </EmptyState>
    );
  }

  const pick = (pin: Pin) => {
    setPins((current) => new Map(current).set(pin.id, pin));
    dispatch({ type: 'add', pin });
  };

  /** Saves when there is anything unsaved; answers the saved collage. */
  const saveNow = async (): Promise<CollageDetail> => {
    const id = saved?.id ?? null;
    if (saved && !state.dirty) return saved;
    const result = await save.mutateAsync({ id, layers: toApiLayers(state.layers) });
    loadedId.current = result.id;
    setSaved(result);
    dispatch({ type: 'saved' });
    if (!id) void navigate(`/collage-creation-tool/?draftId=${result.id}`, { replace: true });
    return result;
  };

  const onSave = () => {
    saveNow().then(
      () => showToast(TEXTS.collages.saved),
      (error: unknown) => showToast(errorText(error), { tone: 'error' }),
    );
  };

  const onPublishPressed = () => {
    saveNow().then(
      () => setPublishing(true),
      (error: unknown) => showToast(errorText(error), { tone: 'error' }),
    );
  };

  const onPublish = ({ boardId, title }: { boardId: string | null; title: string }) => {
    if (!saved) return;
    publish.mutate(
      { id: saved.id, board_id: boardId ?? undefined, title: title || undefined },
      {
        onSuccess: ({ pin }) => {
          setPublishing(false);
          showToast(TEXTS.collages.publishedToast, { thumbnailUrl: pin.images['236x']?.url });
          void navigate(`/pin/${pin.id}/`);
        },
      },
    );
  };

  const selectedIndex = state.layers.findIndex((layer) => layer.key === state.selected);
  const selected = selectedIndex >= 0 ? state.layers[selectedIndex]! : null;
  const busy = save.isPending || publish.isPending;
  const empty = state.layers.length === 0;

  return (
    <div className={styles.page}>
      <header className={styles.top}>
        <h1 className={styles.heading}>{saved ? TEXTS.collages.editHeading : TEXTS.collages.toolHeading}</h1>
        <span className={styles.status} aria-live="polite">
          {save.isPending ? TEXTS.collages.saving : state.dirty ? TEXTS.collages.unsaved : saved ? TEXTS.collages.allSaved : ''}
        </span>
        <div className={styles.actions}>
          <Button variant="secondary" size="large" onPress={onSave} isDisabled={empty || busy || (!!saved && !state.dirty)}>
            {TEXTS.collages.saveDraft}
          </Button>
          <Button variant="primary" size="large" onPress={onPublishPressed} isDisabled={empty || busy}>
            {TEXTS.collages.publish}
          </Button>
        </div>
      </header>

      <div className={styles.layout}>
        <div className={styles.stage}>
          <CollageCanvas layers={state.layers} selected={state.selected} pins={pins} dispatch={dispatch} />
          <div className={styles.tools} role="toolbar" aria-label={TEXTS.collages.layerTools}>
            <Button size="small" onPress={() => selected && dispatch({ type: 'resize', key: selected.key, factor: 1 / 1.1 })} isDisabled={!selected}>
              {TEXTS.collages.smaller}
            </Button>
            <Button size="small" onPress={() => selected && dispatch({ type: 'resize', key: selected.key, factor: 1.1 })} isDisabled={!selected}>
              {TEXTS.collages.bigger}
            </Button>
            <Button size="small" onPress={() => selected && dispatch({ type: 'backward', key: selected.key })} isDisabled={!selected || selectedIndex === 0}>
              {TEXTS.collages.backward}
            </Button>
            <Button
              size="small"
              onPress={() => selected && dispatch({ type: 'forward', key: selected.key })}
              isDisabled={!selected || selectedIndex === state.layers.length - 1}
            >
              {TEXTS.collages.forward}
            </Button>
            <Button size="small" onPress={() => selected && dispatch({ type: 'remove', key: selected.key })} isDisabled={!selected}>
              {TEXTS.collages.remove}
            </Button>
          </div>
          <p id="collage-keyboard-help" className={styles.help}>
            {TEXTS.collages.keyboardHelp}
          </p>
          <p className={styles.count} aria-live="polite">
            {canAddLayer(state)
              ? TEXTS.collages.layerCount({ n: state.layers.length, max: COLLAGE_MAX_LAYERS })
              : TEXTS.collages.limitReached({ max: COLLAGE_MAX_LAYERS })}
          </p>
        </div>
        <SavedPinPicker username={viewer.username} disabled={!canAddLayer(state) || busy} onPick={pick} />
      </div>

      <PublishCollageDialog
        isOpen={publishing}
        onOpenChange={(open) => {
          setPublishing(open);
          if (!open) publish.reset();
        }}
        username={viewer.username}
        previewUrl={saved?.images?.['474x']?.url ?? saved?.images?.['236x']?.url ?? null}
        busy={publish.isPending}
        error={publish.isError ? errorText(publish.error) : null}
        onPublish={onPublish}
      />
    </div>
  );
}
