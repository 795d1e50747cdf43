import { useState } from 'react';
import { Link } from 'react-router';
import type { Pin } from '../../features/pins/pins.api';
import { firstImage, linkDomain, pinAltText, pinTitle, srcSetOf } from '../../lib/pinText';
import { TEXTS } from '../../lib/texts';
import { ButtonLink } from '../Button/Button';
import { Icon } from '../Icon/Icon';
import { scaledHeight } from '../masonry/layout';
import styles from './PinCard.module.css';

const TITLE_LINE_HEIGHT = 20;
const FOOTER_PADDING = 8;
/** Roughly how many characters of a 14 px bold title fit on a line of this width. */
const charsPerLine = (columnWidth: number) => Math.max(8, Math.floor(columnWidth / 7.6));

/** The card's height before it renders: the exact image height plus an estimate for the title. */
export function estimatePinCardHeight(pin: Pin, columnWidth: number): number {
  const image = scaledHeight(pin.width, pin.height, columnWidth);
  const title = pinTitle(pin);
  if (!title) return image;
  const lines = Math.min(2, Math.ceil(title.length / charsPerLine(columnWidth)));
  return image + FOOTER_PADDING + lines * TITLE_LINE_HEIGHT;
}

export function PinCard({ pin, columnWidth, showBoardName = false }: { pin: Pin; columnWidth: number; showBoardName?: boolean }) {
  const [loaded, setLoaded] = useState(false);
  const href = `/pin/${pin.id}/`;
  const height = scaledHeight(pin.width, pin.height, columnWidth);
  const image = firstImage(pin.images, ['236x', '474x', '736x', 'orig']);
  const title = pinTitle(pin);
  const domain = linkDomain(pin.link);

  return (
    <article className={styles.card}>
      <div className={styles.media} style={{ height, backgroundColor: pin.dominant_color }}>
        <Link to={href} className={styles.imageLink} aria-label={title || pinAltText(pin)}>
          {image && (
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
          )}
        </Link>
        <div className={styles.veil} aria-hidden="true" />
        <div className={styles.top}>
          {showBoardName && pin.board && <span className={styles.boardName}>{pin.board.name}</span>}
          <ButtonLink to={href} variant="primary" className={styles.save}>
            {TEXTS.feed.save}
          </ButtonLink>
        </div>
        {domain && pin.link && (
          <a className={styles.domain} href={pin.link} target="_blank" rel="nofollow noopener noreferrer">
            <Icon name="external" size={12} />
            <span>{domain}</span>
          </a>
        )}
      </div>
      {title && (
        <div className={styles.footer}>
          <Link to={href} className={styles.title} tabIndex={-1}>
            {title}
          </Link>
        </div>
      )}
    </article>
  );
}
