import { Link } from 'react-router';
import { TEXTS } from '../../../lib/texts';
import type { Section } from '../boards.api';
import styles from './SectionsStrip.module.css';

/** A board's sections as cards (a collage of their preview Pins), each linking to its section page. */
export function SectionsStrip({ sections, headingId }: { sections: readonly Section[]; headingId: string }) {
  if (sections.length === 0) return null;
  return (
    <section className={styles.strip} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        {TEXTS.boardPage.sections}
      </h2>
      <ul className={styles.list}>
        {sections.map((section) => (
          <li key={section.id}>
            <SectionCard section={section} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function SectionCard({ section }: { section: Section }) {
  const [first, second, third] = section.preview_pins;
  return (
    <Link to={section.url ?? '#'} className={styles.card}>
      <span className={styles.collage} aria-hidden="true">
        <span className={`${styles.tile} ${styles.main}`}>{first && <img src={first.image_square_url} alt="" loading="lazy" />}</span>
        <span className={styles.tile}>{second && <img src={second.image_square_url} alt="" loading="lazy" />}</span>
        <span className={styles.tile}>{third && <img src={third.image_square_url} alt="" loading="lazy" />}</span>
      </span>
      <span className={styles.title}>{section.title}</span>
      <span className={styles.meta}>{TEXTS.boardPage.sectionPins(section.pin_count)}</span>
    </Link>
  );
}
