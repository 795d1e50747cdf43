import { useState } from 'react';
import { Link } from 'react-router';
import { formatCount } from '../../../lib/i18n';
import type { Board } from '../boards.api';
import { sensitiveLook } from '../sensitive';
import { useFeedPreview } from '../../feeds/feeds.queries';
import { relativeAge } from '../../../lib/relativeAge';
import { TEXTS } from '../../../lib/texts';
import { useInView } from '../../../lib/useInView';
import { Icon } from '../../../components/Icon/Icon';
import { SensitiveNotice } from '../../../components/SensitiveNotice/SensitiveNotice';
import styles from './BoardCard.module.css';

export function boardPinCount(count: number): string {
  return count === 1 ? TEXTS.board.pin : TEXTS.board.pins({ n: formatCount(count) });
}

/**
 * A board as a collage of its cover and next Pins, with name, Pin count,
 * sections and age below. A board marked sensitive is drawn blurred for
 * visitors, under the spec's notice with a Show button beside the link (a
 * button cannot sit inside a link); its owner and collaborators see it as it
 * is with a small label (decision 016).
 */
export function BoardCard({ board }: { board: Board }) {
  const { ref, inView } = useInView<HTMLAnchorElement>();
  const [revealed, setRevealed] = useState(false);
  const look = sensitiveLook(board, revealed);
  const preview = useFeedPreview({ kind: 'board', boardId: board.id }, 3, { enabled: inView && board.pin_count > 1 });
  const cover = board.cover_images?.['474x']?.url ?? board.image_cover_url;
  const others = (preview.data ?? [])
    .map((pin) => pin.images['236x']?.url)
    .filter((url): url is string => !!url && url !== board.image_cover_url && url !== cover)
    .slice(0, 2);
  const age = relativeAge(board.board_order_modified_at ?? board.created_at);

  return (
    <div className={styles.card}>
      <Link ref={ref} to={board.url} className={styles.link}>
        <div className={`${styles.collage} ${look === 'veiled' ? styles.blurred : ''}`} aria-hidden="true">
          <div className={`${styles.tile} ${styles.main}`} style={{ backgroundColor: board.cover_dominant_color ?? undefined }}>
            {cover && <img src={cover} alt="" loading="lazy" />}
          </div>
          <div className={styles.tile}>{others[0] && <img src={others[0]} alt="" loading="lazy" />}</div>
          <div className={styles.tile}>{others[1] && <img src={others[1]} alt="" loading="lazy" />}</div>
        </div>
        {look === 'marked' && <span className={styles.markedLabel}>{TEXTS.sensitiveBoard.marked}</span>}
        <h3 className={styles.name}>
          <span className={styles.nameText}>{board.name}</span>
          {board.privacy === 'secret' && <Icon name="lock" size={16} label={TEXTS.board.secret} />}
        </h3>
        <div className={styles.meta}>
          <span>{boardPinCount(board.pin_count)}</span>
          {board.section_count > 0 && <span>{TEXTS.board.sections({ n: board.section_count })}</span>}
          {age && <span>{age}</span>}
        </div>
      </Link>
      {look === 'veiled' && (
        <div className={styles.veil}>
          <SensitiveNotice
            showText={TEXTS.sensitiveBoard.show}
            showLabel={TEXTS.sensitiveBoard.showBoard({ name: board.name })}
            onShow={() => {
              setRevealed(true);
              // The button goes away with the notice: keep the keyboard on this card.
              ref.current?.focus();
            }}
          />
        </div>
      )}
    </div>
  );
}
