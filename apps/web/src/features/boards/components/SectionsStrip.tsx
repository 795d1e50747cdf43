import type { ReactNode } from 'react';
import { Button as AriaButton, Menu, MenuItem, MenuTrigger, Popover, Text, type Key } from 'react-aria-components';
import { Link } from 'react-router';
import menuStyles from '../../../components/Menu/Menu.module.css';
import { iconButtonClass } from '../../../components/Button/Button';
import { Icon, type IconName } from '../../../components/Icon/AllIcons';
import { TEXTS } from '../../../lib/allTexts';
import type { Section } from '../boards.api';
import styles from './SectionsStrip.module.css';

export interface SectionsStripProps {
  sections: readonly Section[];
  headingId: string;
  /** Given to people who may change the sections (owner and collaborators): each card gets an options menu. */
  onEdit?: (section: Section) => void;
  onMove?: (section: Section, position: number) => void;
  /** Wraps each section card (where dragged Pins are dropped, decision 065). */
  decorateCard?: (section: Section, card: ReactNode) => ReactNode;
}

/** A board's sections as cards (a collage of their preview Pins), each linking to its section page. */
export function SectionsStrip({ sections, headingId, onEdit, onMove, decorateCard }: SectionsStripProps) {
  if (sections.length === 0) return null;
  return (
    <section className={styles.strip} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        {TEXTS.boardPage.sections}
      </h2>
      <ul className={styles.list}>
        {sections.map((section, index) => (
          <li key={section.id} className={styles.item}>
            {decorateCard ? decorateCard(section, <SectionCard section={section} />) : <SectionCard section={section} />}
            {onEdit && onMove && (
              <SectionOptions
                section={section}
                canMoveLeft={index > 0}
                canMoveRight={index < sections.length - 1}
                onAction={(key) => {
                  if (key === 'edit') onEdit(section);
                  else if (key === 'left') onMove(section, index - 1);
                  else if (key === 'right') onMove(section, index + 1);
                }}
              />
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The strip's place while a board's sections load: the same heading and as
 * many empty cards as the board says it has, so that the Pins below do not
 * move when the sections arrive.
 */
export function SectionsStripPlaceholder({ count, headingId }: { count: number; headingId: string }) {
  return (
    <section className={styles.strip} aria-labelledby={headingId} aria-busy="true" data-placeholder="">
      <h2 id={headingId} className={styles.heading}>
        {TEXTS.boardPage.sections}
      </h2>
      <ul className={styles.list} aria-hidden="true">
        {Array.from({ length: count }, (_, index) => (
          <li key={index} className={styles.item}>
            <span className={styles.card}>
              <span className={styles.collage}>
                <span className={`${styles.tile} ${styles.main}`} />
                <span className={styles.tile} />
                <span className={styles.tile} />
              </span>
              <span className={styles.title}>{'\u00a0'}</span>
              <span className={styles.meta}>{'\u00a0'}</span>
            </span>
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
      <span className={styles.meta}>{TEXTS.boardPage.sectionPins({ n: section.pin_count })}</span>
    </Link>
  );
}

interface SectionOptionsProps {
  section: Section;
  canMoveLeft: boolean;
  canMoveRight: boolean;
  onAction: (key: Key) => void;
}

/** Edit, and move one place left or right (the order the reorder action keeps). */
function SectionOptions({ section, canMoveLeft, canMoveRight, onAction }: SectionOptionsProps) {
  const disabled = [...(canMoveLeft ? [] : ['left']), ...(canMoveRight ? [] : ['right'])];
  return (
    <MenuTrigger>
      <AriaButton className={`${iconButtonClass} ${styles.options}`} aria-label={TEXTS.sectionEdit.options({ title: section.title })}>
        <Icon name="pencil" size={16} />
      </AriaButton>
      <Popover className={menuStyles.popover} placement="bottom end" offset={6}>
        <Menu className={menuStyles.menu} aria-label={TEXTS.sectionEdit.options({ title: section.title })} onAction={onAction} disabledKeys={disabled}>
          <Item id="edit" icon="pencil" label={TEXTS.sectionEdit.edit} />
          <Item id="left" icon="chevronLeft" label={TEXTS.sectionEdit.moveLeft} />
          <Item id="right" icon="chevronRight" label={TEXTS.sectionEdit.moveRight} />
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}

function Item({ id, icon, label }: { id: string; icon: IconName; label: string }) {
  return (
    <MenuItem id={id} textValue={label} className={`${menuStyles.item} ${styles.menuItem}`}>
      <span className={menuStyles.itemIcon} aria-hidden="true">
        <Icon name={icon} size={20} />
      </span>
      <Text slot="label">{label}</Text>
    </MenuItem>
  );
}
