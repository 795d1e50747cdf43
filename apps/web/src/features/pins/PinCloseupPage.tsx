import { useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { formatCount } from '../../lib/i18n';
import { truncateDescription } from '@pinboard/shared/text/truncate';
import { Avatar } from '../../components/Avatar/Avatar';
import { IconButton, iconButtonClass } from '../../components/Button/Button';
import { Icon } from '../../components/Icon/AllIcons';
import { NotFoundView } from '../../components/NotFoundView/NotFoundView';
import { Spinner } from '../../components/Spinner/Spinner';
import { PersonFollowButton } from '../social/components/PersonFollowButton';
import { PinComments } from '../comments/components/PinComments';
import type { Pin } from './pins.api';
import { FavoriteButton } from './components/FavoriteButton';
import { PinActions } from './components/PinActions';
import { SavePinSlot } from './components/SavePinSlot';
import { AlreadySavedNote } from './components/AlreadySavedNote';
import { SameImagePins } from './components/SameImagePins';
import { useDeletePin, usePin } from './pins.queries';
import { useRetryVideo, useVideoProcessingPoll } from './mediaPins.queries';
import { VideoPlayer } from './components/VideoPlayer';
import { StoryPinViewer } from './components/StoryPinViewer';
import { playableVideo } from './components/VideoOverlay';
import { useSignedInViewer } from '../session/session.queries';
import { useActingProfile } from '../../lib/actingProfile';
import { isApiError } from '../../lib/api';
import { firstImage, linkDomain, pinAltText, pinTitle, srcSetOf } from '../../lib/pinText';
import { TEXTS } from '../../lib/allTexts';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { showToast } from '../../components/Toast/toasts';
import { Button } from '../../components/Button/Button';
import { lazyOverlay } from '../../lib/lazyOverlay';

/** Only a business on its own Pin opens it: loaded then, not with the Pin page. */
const QuickPromoteModal = lazyOverlay(() => import('../ads/components/QuickPromoteModal'), 'QuickPromoteModal');
import styles from './PinCloseupPage.module.css';
import { recordUnauthEvent, upsell } from '../../lib/upsell';

/**
 * What the Pin page shows from features above pins, passed in by its route
 * (routes/PinRoute.tsx): the related Pins are a feed of Pin cards, and "Tried
 * it" belongs to partner, which reads Pins; importing either would close a
 * cycle (docs/decisions/072).
 */
export interface PinCloseupParts {
  /** The feed of Pins related to this one; `empty` is shown when there are none. */
  RelatedPins: ComponentType<{ pin: Pin; empty: ReactNode }>;
  TriedButton: ComponentType<{ pinId: string; viewerUsername: string | null }>;
}

/** /pin/{id}/: the Pin closeup, then Pins related to it. */
export function PinCloseupPage({ pinId: id, RelatedPins, TriedButton }: { pinId: string } & PinCloseupParts) {
  const pin = usePin(id);
  useDocumentTitle(pin.data ? pinTitle(pin.data) || pinAltText(pin.data) : null);

  if (!/^\d+$/.test(id) || (pin.isError && isApiError(pin.error) && pin.error.isNotFound)) {
    return <NotFoundView body={TEXTS.pin.notFoundBody} />;
  }
  if (pin.isError) throw pin.error;

  return (
    <div className={styles.page}>
      <div className={styles.top}>
        <BackButton />
      </div>
      {pin.data ? <Closeup key={pin.data.id} pin={pin.data} onChanged={() => void pin.refetch()} TriedButton={TriedButton} /> : <CloseupSkeleton />}
      {pin.data && <SameImagePins key={pin.data.id} pinId={pin.data.id} />}
      {pin.data && (
        // Opening one of these related Pins signed out is an upsell event (docs/product/logged-out-and-business.md §4).
        <section
          className={styles.more}
          aria-labelledby="more-heading"
          onClickCapture={(event) => (event.target as Element).closest('a[href^="/pin/"]') && upsell('related_pin_open')}
        >
          <h2 id="more-heading" className={styles.moreHeading}>
            {TEXTS.feed.moreIdeas}
          </h2>
          <RelatedPins key={pin.data.id} pin={pin.data} empty={<p className={styles.moreEmpty}>{TEXTS.pin.relatedEmpty}</p>} />
        </section>
      )}
    </div>
  );
}

function BackButton() {
  const navigate = useNavigate();
  const canGoBack = typeof window !== 'undefined' && (window.history.state as { idx?: number } | null)?.idx;
  return (
    <IconButton label={TEXTS.pin.close} onPress={() => void (canGoBack ? navigate(-1) : navigate('/'))}>
      <Icon name="chevronLeft" size={22} />
    </IconButton>
  );
}

function Closeup({ pin, onChanged, TriedButton }: { pin: Pin; onChanged: () => void } & Pick<PinCloseupParts, 'TriedButton'>) {
  const viewer = useSignedInViewer();
  const [loaded, setLoaded] = useState(false);
  const [promoting, setPromoting] = useState(false);
  // A business promotes its own Pins (quick promote); the server also checks the Pin is public. A person acting
  // as the business (the header's switcher) promotes its Pins with an ad account their role allows (decision 043).
  const acting = useActingProfile(viewer?.id);
  const promotingFor = acting && acting.id === pin.pinner.id ? acting : null;
  const canPromote = !!viewer && (promotingFor !== null || (viewer.isPartner && viewer.id === pin.pinner.id)) && pin.board?.privacy !== 'secret';
  const image = firstImage(pin.images, ['736x', '474x', '1200x', 'orig', '236x']);
  const title = pinTitle(pin);
  const description = truncateDescription(pin.description ?? '');
  const domain = linkDomain(pin.link);
  useEffect(() => void recordUnauthEvent('pin_view'), [pin.id]);
  const pinnerName = pin.pinner.full_name || pin.pinner.username;
  const ratio = pin.width > 0 && pin.height > 0 ? pin.height / pin.width : 1;

  return (
    <article className={styles.closeup} aria-label={title || pinAltText(pin)}>
      <div className={styles.imagePane}>
        {pin.story_pin_data ? (
          <StoryPinViewer pin={pin} data={pin.story_pin_data} />
        ) : pin.is_video ? (
          <VideoPane pin={pin} mayChange={!!pin.can?.edit} />
        ) : (
          <div className={styles.imageFrame} style={{ paddingBottom: `${ratio * 100}%`, backgroundColor: pin.dominant_color }}>
            {image && (
              <img
                ref={(element) => {
                  if (element?.complete && element.naturalWidth > 0) setLoaded(true);
                }}
                className={styles.image}
                data-loaded={loaded || undefined}
                src={image.url}
                srcSet={srcSetOf(pin.images, ['474x', '736x', '1200x'])}
                sizes="(max-width: 540px) 100vw, 508px"
                alt={pinAltText(pin)}
                onLoad={() => setLoaded(true)}
              />
            )}
          </div>
        )}
      </div>
      <div className={styles.details}>
        <div className={styles.bar}>
          {pin.can?.edit && (
            <>
              <FavoriteButton pin={pin} />
              <Link to={`/pin/${pin.id}/edit/`} className={iconButtonClass} aria-label={TEXTS.pin.edit}>
                <Icon name="pencil" size={20} />
              </Link>
            </>
          )}
          <PinActions pin={pin} canHide canDownload canReport />
          {canPromote && (
            <Button onPress={() => setPromoting(true)} onMouseEnter={() => QuickPromoteModal.preload()}>
              {TEXTS.ads.promote}
            </Button>
          )}
          <SavePinSlot pin={pin} appearance="closeup" />
        </div>
        {canPromote && (
          <QuickPromoteModal
            isOpen={promoting}
            onOpenChange={setPromoting}
            pin={pin}
            businessName={promotingFor ? promotingFor.businessName : viewer.full_name || viewer.username}
            actingAsId={promotingFor?.id ?? null}
            onPinAreaError={(message) => showToast(message)}
          />
        )}
        {domain && pin.link && (
          <div className={styles.actions}>
            <a className={styles.domain} href={pin.link} target="_blank" rel="nofollow noopener noreferrer" onClick={() => upsell('pin_link_click')}>
              <Icon name="external" size={14} />
              {domain}
            </a>
          </div>
        )}
        {title && <h1 className={styles.title}>{title}</h1>}
        {!title && <h1 className="visually-hidden">{pinAltText(pin)}</h1>}
        {description && <p className={styles.description}>{description}</p>}
        <div className={styles.person}>
          <Link to={`/${pin.pinner.username}/`} aria-hidden="true" tabIndex={-1}>
            <Avatar name={pinnerName} imageUrl={pin.pinner.image_medium_url} size={48} />
          </Link>
          <div>
            <Link to={`/${pin.pinner.username}/`} className={styles.personName}>
              {pinnerName}
            </Link>
            <div className={styles.personMeta}>@{pin.pinner.username}</div>
          </div>
          {/* Follow the pinner from their Pin (decision 089). */}
          <div className={styles.personFollow}>
            <PersonFollowButton person={{ id: pin.pinner.id, username: pin.pinner.username, name: pinnerName }} />
          </div>
        </div>
        {pin.board && (
          <p className={styles.board}>
            {pin.board.privacy === 'secret' && <Icon name="lock" size={14} label={TEXTS.board.secret} />}
            {TEXTS.pin.savedTo} <Link to={pin.board.url}>{pin.board.name}</Link>
          </p>
        )}
        {/* The viewer's own other boards with this picture or link (decision 095). */}
        {viewer && <AlreadySavedNote query={{ pin_id: pin.id }} className={styles.board} />}
        <TriedButton pinId={pin.id} viewerUsername={viewer?.username ?? null} />
        <ul className={styles.stats}>
          <li>{TEXTS.pin.saves({ count: pin.repin_count, short: formatCount(pin.repin_count) })}</li>
        </ul>
        <PinComments pin={pin} onChanged={onChanged} />
      </div>
    </article>
  );
}

/** A video Pin: its player once ready; while processing or after a failure, its poster with the news (and, for its pinner, retry or delete). */
function VideoPane({ pin, mayChange }: { pin: Pin; mayChange: boolean }) {
  const retry = useRetryVideo();
  const remove = useDeletePin();
  useVideoProcessingPoll(pin);
  const navigate = useNavigate();
  const ready = pin.video_status === 'ready' && pin.videos && playableVideo(pin) ? pin.videos : null;
  if (ready) {
    return (
      <VideoPlayer
        videos={ready}
        title={pinTitle(pin) || pinAltText(pin)}
        gif={pin.embed_type === 'gif'}
        captionsUrl={pin.captions?.url ?? null}
        captionsLanguage={pin.captions?.language ?? null}
      />
    );
  }
  const poster = firstImage(pin.images, ['736x', '474x', 'orig']);
  const ratio = pin.width > 0 && pin.height > 0 ? pin.height / pin.width : 1;
  return (
    <div className={styles.imageFrame} style={{ paddingBottom: `${ratio * 100}%`, backgroundColor: pin.dominant_color }}>
      {poster && <img className={styles.image} data-loaded src={poster.url} alt={pinAltText(pin)} />}
      <div className={styles.videoNotice} role="status" data-video-status={pin.video_status}>
        {pin.video_status === 'failed' ? (
          <>
            <p>{TEXTS.video.failed}</p>
            {pin.video_failure_reason && <p className={styles.videoReason}>{pin.video_failure_reason}</p>}
            {mayChange && (
              <div className={styles.videoActions}>
                <button type="button" className={styles.videoButton} disabled={retry.isPending} onClick={() => retry.mutate(pin.id)}>
                  {TEXTS.video.retry}
                </button>
                <button
                  type="button"
                  className={styles.videoButtonSecondary}
                  disabled={remove.isPending}
                  onClick={() => remove.mutate(pin, { onSuccess: () => void navigate(`/${pin.pinner.username}/`) })}
                >
                  {TEXTS.video.delete}
                </button>
              </div>
            )}
          </>
        ) : (
          <>
            <Spinner />
            <p>{TEXTS.video.processing}</p>
          </>
        )}
      </div>
    </div>
  );
}

function CloseupSkeleton() {
  return (
    <div className={styles.closeup} aria-busy="true">
      <div className={styles.skeletonImage} />
      <div className={styles.details}>
        <Spinner />
        <div className={styles.skeletonLine} style={{ width: '70%' }} />
        <div className={styles.skeletonLine} style={{ width: '90%' }} />
        <div className={styles.skeletonLine} style={{ width: '40%' }} />
      </div>
    </div>
  );
}
