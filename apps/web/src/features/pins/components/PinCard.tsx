import { lazy, memo, Suspense, useState } from 'react';
import { Link } from 'react-router';
import type { Pin } from '../pins.api';
import { PinActions } from './PinActions';
import { SavePinSlot } from './SavePinSlot';
import { firstImage, linkDomain, pinAltText, pinTitle, srcSetOf } from '../../../lib/pinText';
import { Icon } from '../../../components/Icon/Icon';
import { scaledHeight } from '../../../components/masonry/layout';
import { recordPromotedEvent } from '../../../lib/promotedEvents';
import { topicName } from '../../../lib/i18n';
import { TEXTS } from '../../../lib/texts';
import styles from './PinCard.module.css';
import { upsell } from '../../../lib/upsell';

/** The line under a recommended Pin: 'Because you follow {topic}', or popular. */
function reasonOf(pin: Pin): string | null {
  const reason = pin.recommendation_reason;
  if (!reason) return null;
  return reason.type === 'interest' && reason.interest_name
    ? TEXTS.recommendation.topic({ name: topicName({ id: reason.interest_id, name: reason.interest_name }) })
    : TEXTS.recommendation.popular;
}

/** A video Pin's badge and hover preview: loaded with the first video card. */
const VideoOverlay = lazy(() => import('./VideoOverlay'));

const TITLE_LINE_HEIGHT = 20;
const FOOTER_PADDING = 8;
/** Roughly how many characters of a 14 px bold title fit on a line of this width. */
const charsPerLine = (columnWidth: number) => Math.max(8, Math.floor(columnWidth / 7.6));

/** The card's height before it renders: the exact image height plus an estimate for the title (none when dense). */
export function estimatePinCardHeight(pin: Pin, columnWidth: number, dense = false): number {
  const image = scaledHeight(pin.width, pin.height, columnWidth);
  const title = pinTitle(pin);
  const reason = dense ? 0 : reasonOf(pin) ? TITLE_LINE_HEIGHT : 0;
  // A promoted Pin has one line more: who promotes it.
  const extra = reason + (!dense && pin.promoter ? TITLE_LINE_HEIGHT : 0);
  if (!title || dense) return image + (extra ? FOOTER_PADDING + extra : 0);
  const lines = Math.min(2, Math.ceil(title.length / charsPerLine(columnWidth)));
  return image + FOOTER_PADDING + lines * TITLE_LINE_HEIGHT + extra;
}

interface PinSelectionControl {
  selected: boolean;
  onChange: (selected: boolean) => void;
}

export interface PinCardProps {
  pin: Pin;
  columnWidth: number;
  showBoardName?: boolean;
  /** Dense masonry: no title under the image. */
  dense?: boolean;
  /** Organize mode: the card is a checkbox instead of a link. */
  selection?: PinSelectionControl;
  /** Offer 'Hide Pin' in the card's overflow menu (the home feed). */
  canHide?: boolean;
}

function PinImage({ pin, columnWidth, height }: { pin: Pin; columnWidth: number; height: number }) {
  const [loaded, setLoaded] = useState(false);
  const image = firstImage(pin.images, ['236x', '474x', '736x', 'orig']);
  if (!image) return null;
  return (
    <img
      ref={(element) => {
        if (element?.complete && element.naturalWidth > 0) setLoaded(true);
      }}
      className={styles.image}
      data-loaded={loaded || undefined}
      src={image.url}
      srcSet={srcSetOf(pin.images, ['236x', '474x', '736x'])}
      sizes={`${columnWidth}px`}
      alt={pinAltText(pin)}
      width={columnWidth}
      height={height}
      loading="lazy"
      decoding="async"
      onLoad={() => setLoaded(true)}
    />
  );
}

/**
 * One Pin in a feed. Memoised: when the feed's window moves, the cards that
 * stay are not rendered again (the Pin objects come from the query cache and
 * keep their identity).
 */
export const PinCard = memo(function PinCard({ pin, columnWidth, showBoardName = false, dense = false, selection, canHide = false }: PinCardProps) {
  const href = `/pin/${pin.id}/`;
  const height = scaledHeight(pin.width, pin.height, columnWidth);
  const title = pinTitle(pin);
  const reason = reasonOf(pin);
  const domain = linkDomain(pin.link);

  if (selection) {
    return (
      <article className={styles.card} data-dense={dense || undefined}>
        <button
          type="button"
          role="checkbox"
          aria-checked={selection.selected}
          aria-label={title || pinAltText(pin)}
          className={styles.selectable}
          onClick={() => selection.onChange(!selection.selected)}
        >
          <span className={styles.media} style={{ height, backgroundColor: pin.dominant_color }}>
            <PinImage pin={pin} columnWidth={columnWidth} height={height} />
            <span className={styles.check} aria-hidden="true">
              <Icon name="check" size={18} />
            </span>
          </span>
        </button>
        {title && !dense && (
          <div className={styles.footer}>
            <span className={styles.title}>{title}</span>
          </div>
        )}
      </article>
    );
  }

  return (
    <article className={styles.card} data-dense={dense || undefined}>
      <div className={styles.media} style={{ height, backgroundColor: pin.dominant_color }}>
        <Link to={href} className={styles.imageLink} aria-label={title || pinAltText(pin)}>
          <PinImage pin={pin} columnWidth={columnWidth} height={height} />
        </Link>
        {/* Beside the link, not in it: the badge's visible duration would not be part of the link's name (WCAG 2.5.3). */}
        {pin.is_video && (
          <Suspense fallback={null}>
            <VideoOverlay pin={pin} />
          </Suspense>
        )}
        <div className={styles.veil} aria-hidden="true" />
        <div className={styles.top}>
          {showBoardName && pin.board && <span className={styles.boardName}>{pin.board.name}</span>}
          <SavePinSlot pin={pin} appearance="card" />
        </div>
        {domain && pin.link && (
          <a
            className={styles.domain}
            href={pin.link}
            target="_blank"
            rel="nofollow noopener noreferrer"
            onClick={() => {
              upsell('pin_link_click');
              recordPromotedEvent(pin, 'outbound_click');
            }}
          >
            <Icon name="external" size={12} />
            <span>{domain}</span>
          </a>
        )}
        <div className={styles.actions}>
          <PinActions pin={pin} canHide={canHide} buttonClassName={styles.actionButton} />
        </div>
      </div>
      {(title || reason || pin.promoter) && !dense && (
        <div className={styles.footer}>
          {title && (
            <Link to={href} className={styles.title} tabIndex={-1}>
              {title}
            </Link>
          )}
          {pin.promoter && (
            <Link to={`/${pin.promoter.username}/`} className={styles.promoted}>
              {TEXTS.promotedBy({ name: pin.promoter.full_name || pin.promoter.username })}
            </Link>
          )}
          {reason && <span className={styles.reason}>{reason}</span>}
        </div>
      )}
    </article>
  );
});
